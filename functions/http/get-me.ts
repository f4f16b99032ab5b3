import { merchantStore } from '../adapters/merchant-store';
import { getMerchantProfile } from '../domain/merchants';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await getMerchantProfile(merchantStore, merchantIdOf(event)),
}));
