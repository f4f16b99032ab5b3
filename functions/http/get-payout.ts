import { payoutStore } from '../adapters/payout-store';
import { getMerchantPayout } from '../domain/payouts';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await getMerchantPayout(merchantIdOf(event), event.pathParameters?.id ?? '', payoutStore),
}));
