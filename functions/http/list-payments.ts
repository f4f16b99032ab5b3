import { paymentListQuerySchema } from '@shared/contracts/payments';
import { merchantStore } from '../adapters/merchant-store';
import { paymentHistoryStore } from '../adapters/payment-history-store';
import { listMerchantPayments } from '../domain/payment-history';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = paymentListQuerySchema.parse(event.queryStringParameters ?? {});
  const deps = { history: paymentHistoryStore, merchants: merchantStore };
  return { body: await listMerchantPayments(merchantIdOf(event), query, deps) };
});
