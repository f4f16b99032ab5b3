/** Checkout and payment events from merchants' connected accounts settle their payments (exactly once). */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { workClaimStore } from '../adapters/one-time-record-store';
import { settlementDeps } from '../adapters/settlement-deps';
import { logIgnoredEvent, oncePerEvent, stripeEventFrom } from '../domain/stripe-events';
import { applyPaymentEvent } from '../domain/settlement';
import { observed, telemetry } from '../adapters/observability';

async function handle(event: EventBridgeEvent<string, unknown>, context?: Context): Promise<void> {
  // Payments are direct charges on merchants' connected accounts: their events come through the Connect
  // endpoint, always naming the account. Anything else cannot be about a Paylink payment.
  const stripeEvent = stripeEventFrom(event, 'connect', telemetry);
  if (!stripeEvent) return;
  if (!stripeEvent.account) return logIgnoredEvent('no_account', { eventId: stripeEvent.id }, telemetry);
  const deps = await settlementDeps();
  await oncePerEvent(
    'payment',
    stripeEvent.id,
    workClaimStore,
    telemetry,
    deps.now,
    () => applyPaymentEvent(stripeEvent, deps),
    context?.getRemainingTimeInMillis(),
  );
}

export const handler = observed(handle);
