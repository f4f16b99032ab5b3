/** `account.updated` from a merchant's connected account keeps their connection status current. */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { merchantStore } from '../adapters/merchant-store';
import { stripeClient } from '../adapters/stripe-client';
import { workClaimStore } from '../adapters/one-time-record-store';
import { applyAccountUpdated, oncePerEvent, stripeEventFrom } from '../domain/stripe-events';
import { observed, telemetry } from '../adapters/observability';

async function handle(event: EventBridgeEvent<string, unknown>, context?: Context): Promise<void> {
  // Account events count only from the Connect endpoint: they are about merchants' connected accounts.
  const stripeEvent = stripeEventFrom(event, 'connect', telemetry);
  if (!stripeEvent) return;
  await oncePerEvent(
    'account',
    stripeEvent.id,
    workClaimStore,
    telemetry,
    new Date(),
    async () =>
      applyAccountUpdated(stripeEvent, {
        merchants: merchantStore,
        stripe: await stripeClient(),
        telemetry,
        now: () => new Date(),
      }),
    context?.getRemainingTimeInMillis(),
  );
}

export const handler = observed(handle);
