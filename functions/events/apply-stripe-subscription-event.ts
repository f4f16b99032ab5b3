/** Subscription and invoice events on Paylink's own account keep each merchant's plan current. */
import { announceMerchantUpdate } from '../adapters/merchant-news';
import { merchantStore } from '../adapters/merchant-store';
import { telemetry } from '../adapters/observability';
import { stripeClient } from '../adapters/stripe-client';
import { applySubscriptionEvent } from '../domain/stripe-events';
import { planBillingOf } from '../domain/subscription';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'subscription',
  // The Business plan is billed on Paylink's own account: its events count only from the platform endpoint
  // (a merchant's own subscriptions on their connected account arrive at the Connect endpoint).
  endpoint: 'platform',
  apply: async ({ event }) => {
    const stripe = await stripeClient();
    await applySubscriptionEvent(event, {
      merchants: merchantStore,
      retrieveSubscription: (id) => stripe.subscriptions.retrieve(id),
      billing: planBillingOf(stripe),
      telemetry,
      now: () => new Date(),
      announce: announceMerchantUpdate,
    });
  },
});
