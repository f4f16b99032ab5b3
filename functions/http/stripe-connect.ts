import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { startStripeOnboarding } from '../domain/stripe-connection';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await startStripeOnboarding(merchantIdOf(event), await merchantStripeDeps()),
}));
