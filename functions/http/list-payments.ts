import { paymentListQuerySchema } from '@shared/contracts/payments';
import { paymentListDeps } from '../adapters/payment-history-deps';
import { listMerchantPayments } from '../domain/payment-history';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = paymentListQuerySchema.parse(event.queryStringParameters ?? {});
  return { body: await listMerchantPayments(merchantIdOf(event), query, paymentListDeps()) };
});
