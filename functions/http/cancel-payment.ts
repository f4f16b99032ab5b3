import { PAYMENT_ID_PATTERN } from '../../shared/contracts/checkout';
import { settlementDeps } from '../adapters/settlement-deps';
import { HttpError } from '../domain/http-error';
import { cancelPayment } from '../domain/payment-results';
import { httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  const paymentId = event.pathParameters?.paymentId ?? '';
  if (!PAYMENT_ID_PATTERN.test(paymentId))
    throw new HttpError(404, 'payment_not_found', 'We could not find this payment.');
  return { body: await cancelPayment(paymentId, await settlementDeps()) };
});
