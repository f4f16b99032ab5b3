import { paymentIdSchema } from '@shared/contracts/payments';
import { settlementDeps } from '../adapters/settlement-deps';
import { HttpError } from '../domain/http-error';
import { cancelPayment } from '../domain/payment-cancel';
import { httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  const paymentId = paymentIdSchema.safeParse(event.pathParameters?.paymentId);
  if (!paymentId.success) throw new HttpError(404, 'payment_not_found', 'We could not find this payment.');
  return { body: await cancelPayment(paymentId.data, await settlementDeps()) };
});
