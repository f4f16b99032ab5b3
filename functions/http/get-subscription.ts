import { merchantStore } from '../adapters/merchant-store';
import { HttpError } from '../domain/http-error';
import { subscriptionStatusOf } from '../domain/subscription';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchant = await merchantStore.get(merchantIdOf(event));
  if (!merchant) throw new HttpError(404, 'profile_not_found', 'User profile not found');
  return { body: subscriptionStatusOf(merchant, new Date()) };
});
