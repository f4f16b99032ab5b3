import { ENV } from '../environment';
import { merchantStore } from './merchant-store';
import { telemetry } from './observability';
import { stripeClient } from './stripe-client';

/**
 * The merchant's side of Stripe — Connect onboarding and status, the plan's Checkout and billing portal:
 * Stripe as the client, the merchant store, where the app lives, and telemetry.
 */
export async function merchantStripeDeps(now = new Date()) {
  return {
    stripe: await stripeClient(),
    merchants: merchantStore,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    telemetry,
    now,
  };
}
