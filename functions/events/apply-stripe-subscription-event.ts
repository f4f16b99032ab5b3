/** Subscription and invoice events on Paylink's own account keep each merchant's plan current. */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { merchantStore } from '../adapters/merchant-store';
import { workClaimStore } from '../adapters/one-time-record-store';
import { stripeClient } from '../adapters/stripe-client';
import { applySubscriptionEvent, oncePerEvent, stripeEventFrom } from '../domain/stripe-events';
import { planBillingOf } from '../domain/subscription';
import { observed, telemetry } from '../adapters/observability';

async function handle(event: EventBridgeEvent<string, unknown>, context?: Context): Promise<void> {
  // The Business plan is billed on Paylink's own account: its events count only from the platform endpoint
  // (a merchant's own subscriptions on their connected account arrive at the Connect endpoint).
  const stripeEvent = stripeEventFrom(event, 'platform', telemetry);
  if (!stripeEvent) return;
  await oncePerEvent(
    'subscription',
    stripeEvent.id,
    workClaimStore,
    telemetry,
    new Date(),
    async () => {
      const stripe = await stripeClient();
      await applySubscriptionEvent(stripeEvent, {
        merchants: merchantStore,
        retrieveSubscription: (id) => stripe.subscriptions.retrieve(id),
        billing: planBillingOf(stripe),
        telemetry,
        now: () => new Date(),
      });
    },
    context?.getRemainingTimeInMillis(),
  );
}

export const handler = observed(handle);
