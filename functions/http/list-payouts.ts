import { payoutListQuerySchema } from '@shared/contracts/payouts';
import { payoutListDeps } from '../adapters/payout-list-deps';
import { listMerchantPayouts } from '../domain/payouts';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = payoutListQuerySchema.parse(event.queryStringParameters ?? {});
  return { body: await listMerchantPayouts(merchantIdOf(event), query, payoutListDeps()) };
});
