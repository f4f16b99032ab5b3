import { merchantStore } from '../adapters/merchant-store';
import { stripeClient } from '../adapters/stripe-client';
import { readStripeConnection } from '../domain/stripe-connection';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await readStripeConnection(merchantIdOf(event), {
    stripe: await stripeClient(),
    merchants: merchantStore,
    now: new Date(),
  }),
}));
