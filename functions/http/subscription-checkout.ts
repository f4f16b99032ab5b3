import { ENV } from '../environment';
import { merchantStore } from '../adapters/merchant-store';
import { telemetry } from '../adapters/observability';
import { stripeClient } from '../adapters/stripe-client';
import { startSubscriptionCheckout } from '../domain/subscription';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await startSubscriptionCheckout(merchantIdOf(event), {
    stripe: await stripeClient(),
    merchants: merchantStore,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    telemetry,
    now: new Date(),
  }),
}));
