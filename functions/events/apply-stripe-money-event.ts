/** Refund and dispute events from merchants' connected accounts keep each payment's money after the sale (exactly once). */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { moneyDeps } from '../adapters/money-deps';
import { workClaimStore } from '../adapters/one-time-record-store';
import { applyMoneyEvent } from '../domain/money-events';
import { logIgnoredEvent, oncePerEvent, stripeEventFrom } from '../domain/stripe-events';
import { observed, telemetry } from '../adapters/observability';

async function handle(event: EventBridgeEvent<string, unknown>, context?: Context): Promise<void> {
  // Refunds and disputes of direct charges happen on the merchant's connected account: only the Connect
  // endpoint delivers them, always naming the account.
  const stripeEvent = stripeEventFrom(event, 'connect', telemetry);
  if (!stripeEvent) return;
  const account = stripeEvent.account;
  if (!account) return logIgnoredEvent('no_account', { eventId: stripeEvent.id }, telemetry);
  const deps = await moneyDeps();
  await oncePerEvent(
    'money',
    stripeEvent.id,
    workClaimStore,
    telemetry,
    deps.now,
    () => applyMoneyEvent(stripeEvent, account, deps),
    context?.getRemainingTimeInMillis(),
  );
}

export const handler = observed(handle);
