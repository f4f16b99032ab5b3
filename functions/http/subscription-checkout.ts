import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { startSubscriptionCheckout } from '../domain/subscription';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await startSubscriptionCheckout(merchantIdOf(event), await merchantStripeDeps()),
}));
