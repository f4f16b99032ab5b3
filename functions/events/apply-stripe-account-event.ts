/** `account.updated` from a merchant's connected account keeps their connection status current. */
import type { EventBridgeEvent } from 'aws-lambda';
import type Stripe from 'stripe';
import { merchantStore } from '../adapters/merchant-store';
import { oneTimeRecordStore } from '../adapters/one-time-record-store';
import { applyAccountUpdated, oncePerEvent } from '../domain/stripe-events';

export async function handler(event: EventBridgeEvent<string, Stripe.Event>): Promise<void> {
  const stripeEvent = event.detail;
  await oncePerEvent('account', stripeEvent.id, oneTimeRecordStore, new Date(), () =>
    applyAccountUpdated(stripeEvent, merchantStore),
  );
}
