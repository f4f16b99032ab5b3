/** Subscription and invoice events on Paylink's own account keep each merchant's plan current. */
import type { EventBridgeEvent } from 'aws-lambda';
import type Stripe from 'stripe';
import { merchantStore } from '../adapters/merchant-store';
import { oneTimeRecordStore } from '../adapters/one-time-record-store';
import { stripeClient } from '../adapters/stripe-client';
import { applySubscriptionEvent, oncePerEvent } from '../domain/stripe-events';

export async function handler(event: EventBridgeEvent<string, Stripe.Event>): Promise<void> {
  const stripeEvent = event.detail;
  await oncePerEvent('subscription', stripeEvent.id, oneTimeRecordStore, new Date(), async () => {
    const stripe = await stripeClient();
    await applySubscriptionEvent(stripeEvent, {
      merchants: merchantStore,
      retrieveSubscription: (id) => stripe.subscriptions.retrieve(id),
    });
  });
}
