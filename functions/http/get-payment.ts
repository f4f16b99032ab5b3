import { paymentDetailDeps } from '../adapters/payment-detail-deps';
import { getMerchantPayment } from '../domain/payment-history';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  return { body: await getMerchantPayment(merchantId, event.pathParameters?.id ?? '', await paymentDetailDeps()) };
});
