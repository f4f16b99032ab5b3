import { payoutLinesQuerySchema } from '@shared/contracts/payouts';
import { payoutStore } from '../adapters/payout-store';
import { getMerchantPayout } from '../domain/payouts';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = payoutLinesQuerySchema.parse(event.queryStringParameters ?? {});
  return {
    body: await getMerchantPayout(merchantIdOf(event), event.pathParameters?.id ?? '', query, payoutStore),
  };
});
