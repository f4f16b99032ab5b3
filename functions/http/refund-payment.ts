import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@shared/contracts/payments';
import { merchantStore } from '../adapters/merchant-store';
import { moneyDeps } from '../adapters/money-deps';
import { paymentDetailDeps } from '../adapters/payment-detail-deps';
import { HttpError } from '../domain/http-error';
import { getMerchantPayment } from '../domain/payment-history';
import { refundPayment } from '../domain/refund-request';
import { paymentIdSchema } from '@shared/contracts/payments';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

/** POST /api/me/payments/{id}/refunds: refunds the merchant's payment, fully or in part (docs/decisions.md #19). */
export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const paymentId = paymentIdSchema.safeParse(event.pathParameters?.id);
  if (!paymentId.success) throw new HttpError(404, 'payment_not_found', 'Payment not found');
  const body = jsonBody(event);
  const header = event.headers?.[IDEMPOTENCY_KEY_HEADER];
  const requestKey = header === undefined ? undefined : idempotencyKeySchema.parse(header);

  // Who refunds, by the name on their own account (a team member's, or the owner's).
  const refundedBy = (await merchantStore.get(accessOf(event).personId))?.fullName;
  await refundPayment(merchantId, paymentId.data, body, requestKey, await moneyDeps(), refundedBy);
  const detail = await getMerchantPayment(merchantId, paymentId.data, await paymentDetailDeps());
  return { status: 201, body: detail };
});
