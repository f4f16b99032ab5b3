/** Subscription and invoice events on Paylink's own account keep each merchant's plan current. */
import { subscriptionEventDeps } from '../adapters/merchant-stripe-deps';
import { applySubscriptionEvent } from '../domain/stripe-events';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'subscription',
  // The Business plan is billed on Paylink's own account: its events count only from the platform endpoint
  // (a merchant's own subscriptions on their connected account arrive at the Connect endpoint).
  endpoint: 'platform',
  apply: async ({ event }) => applySubscriptionEvent(event, await subscriptionEventDeps()),
});
