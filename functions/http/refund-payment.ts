import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@shared/contracts/payments';
import { activityDeps } from '../adapters/activity-deps';
import { merchantStore } from '../adapters/merchant-store';
import { moneyDeps } from '../adapters/money-deps';
import { paymentDetailDeps } from '../adapters/payment-detail-deps';
import { recordActivity } from '../domain/activity';
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
  const refunded = await refundPayment(merchantId, paymentId.data, body, requestKey, await moneyDeps(), refundedBy);
  // This request's refund: the one under its key, else the newest Paylink learned of.
  const refunds = Object.values(refunded.refunds ?? {}).sort((a, b) => (b.position ?? 0) - (a.position ?? 0));
  const refund = refunds.find((each) => requestKey !== undefined && each.requestKey === requestKey) ?? refunds[0];
  if (refund) {
    await recordActivity(activityDeps(), accessOf(event), {
      kind: 'refund.made',
      subject: refunded.linkTitle,
      amountCents: refund.amountCents,
      sameAs: { id: refund.refundId, at: refund.createdAt },
    });
  }
  const detail = await getMerchantPayment(merchantId, paymentId.data, await paymentDetailDeps());
  return { status: 201, body: detail };
});
