import { ENV } from '../environment';
import { merchantStore } from '../adapters/merchant-store';
import { telemetry } from '../adapters/observability';
import { stripeClient } from '../adapters/stripe-client';
import { startStripeOnboarding } from '../domain/stripe-connection';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await startStripeOnboarding(merchantIdOf(event), {
    stripe: await stripeClient(),
    merchants: merchantStore,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    telemetry,
  }),
}));
