import { payoutListQuerySchema } from '@shared/contracts/payouts';
import { merchantStore } from '../adapters/merchant-store';
import { payoutStore } from '../adapters/payout-store';
import { listMerchantPayouts } from '../domain/payouts';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = payoutListQuerySchema.parse(event.queryStringParameters ?? {});
  return {
    body: await listMerchantPayouts(merchantIdOf(event), query, { payouts: payoutStore, merchants: merchantStore }),
  };
});
