import { merchantNotificationsUpdateSchema } from '@shared/contracts/merchant';
import { merchantStore } from '../adapters/merchant-store';
import { updateMerchantNotifications } from '../domain/merchants';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const settings = merchantNotificationsUpdateSchema.parse(jsonBody(event));
  return { body: await updateMerchantNotifications(merchantStore, merchantIdOf(event), settings, new Date()) };
});
