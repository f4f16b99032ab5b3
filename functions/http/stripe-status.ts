import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { readStripeConnection } from '../domain/stripe-connection';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await readStripeConnection(merchantIdOf(event), await merchantStripeDeps()),
}));
