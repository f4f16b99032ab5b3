import { merchantProfileUpdateSchema } from '@shared/contracts/merchant';
import { merchantStore } from '../adapters/merchant-store';
import { updateMerchantProfile } from '../domain/merchants';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const changes = merchantProfileUpdateSchema.parse(jsonBody(event));
  return { body: await updateMerchantProfile(merchantStore, merchantIdOf(event), changes, new Date()) };
});
