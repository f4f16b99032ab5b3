import { merchantStore } from '../adapters/merchant-store';
import { stripeClient } from '../adapters/stripe-client';
import { diagnoseStripe } from '../domain/stripe-connection';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await diagnoseStripe(merchantIdOf(event), { stripe: await stripeClient(), merchants: merchantStore }),
}));
