import { planBillingOf } from '../domain/subscription';
import { ENV } from '../environment';
import { announceMerchantUpdate } from './merchant-news';
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

/**
 * `account.updated`: the merchant store, Stripe as the client (the account is read again, not taken from the
 * event), telemetry, a clock read when the account is, and the push that updates the merchant's open tabs.
 */
export async function accountEventDeps() {
  return {
    merchants: merchantStore,
    stripe: await stripeClient(),
    telemetry,
    now: () => new Date(),
    announce: announceMerchantUpdate,
  };
}

/**
 * The plan's subscription and invoice events: the merchant store, Stripe's subscriptions, the plan's billing and
 * the push that updates the merchant's open tabs.
 */
export async function subscriptionEventDeps() {
  const stripe = await stripeClient();
  return {
    merchants: merchantStore,
    retrieveSubscription: (id: string) => stripe.subscriptions.retrieve(id),
    billing: planBillingOf(stripe),
    telemetry,
    now: () => new Date(),
    announce: announceMerchantUpdate,
  };
}
