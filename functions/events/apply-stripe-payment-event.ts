/** Checkout and payment events from merchants' connected accounts settle their payments (exactly once). */
import type { EventBridgeEvent } from 'aws-lambda';
import type Stripe from 'stripe';
import { oneTimeRecordStore } from '../adapters/one-time-record-store';
import { settlementDeps } from '../adapters/settlement-deps';
import { oncePerEvent } from '../domain/stripe-events';
import { applyPaymentEvent } from '../domain/settlement';

export async function handler(event: EventBridgeEvent<string, Stripe.Event>): Promise<void> {
  const stripeEvent = event.detail;
  const deps = await settlementDeps();
  await oncePerEvent('payment', stripeEvent.id, oneTimeRecordStore, deps.now, () =>
    applyPaymentEvent(stripeEvent, deps),
  );
}
