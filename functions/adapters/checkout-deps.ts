import type { CheckoutDeps } from '../domain/checkout';
import { ENV } from '../environment';
import { clientHoldStore } from './client-hold-store';
import { merchantStore } from './merchant-store';
import { telemetry } from './observability';
import { linkPlacesStore, paymentLinkStore } from './payment-link-store';
import { paymentRequestStore } from './payment-request-store';
import { paymentStore } from './payment-store';
import { stripeClient } from './stripe-client';

/** The stores, Stripe and where the app lives, for a payer starting a Checkout. */
export async function checkoutDeps(now = new Date()): Promise<CheckoutDeps> {
  return {
    links: paymentLinkStore,
    places: linkPlacesStore,
    clientHolds: clientHoldStore,
    merchants: merchantStore,
    payments: paymentStore,
    requests: paymentRequestStore,
    stripe: await stripeClient(),
    appOrigin: process.env[ENV.appOrigin] ?? '',
    telemetry,
    now,
  };
}
