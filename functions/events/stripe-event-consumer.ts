/**
 * The one wrapper every Stripe event consumer goes through, as httpHandler is for routes: it takes the
 * Stripe event out of the bus event — only from the webhook endpoint the consumer trusts, and only naming a
 * connected account where the consumer needs one — then applies it once per consumer (oncePerEvent's
 * claim, leased for the time the run has left), inside one observed invocation. A consumer's own file holds
 * only what it does with the event.
 */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import type { StripeEndpoint } from '@shared/contracts/stripe-event-sources';
import '../adapters/english-validation-messages';
import { observed, telemetry } from '../adapters/observability';
import { workClaimStore } from '../adapters/one-time-record-store';
import { logIgnoredEvent, oncePerEvent, stripeEventFrom } from '../domain/stripe-events';
import type { StripeEvent } from '../domain/stripe-port';

/** What a consumer is given with the event: when the run started, and the connected account if any. */
export interface ConsumedEvent {
  event: StripeEvent;
  /** The connected account the event happened on (always set where `onConnectedAccount` is). */
  account: string | undefined;
  now: Date;
  /** Milliseconds this invocation has left (unbounded where no Lambda context is given). */
  remainingMs(): number;
}

export function stripeEventConsumer(options: {
  /** The claim's name: each consumer applies an event once, whatever the others do with it. */
  consumer: string;
  /** The endpoint whose events this consumer may apply: Connect (merchants' accounts) or platform (Paylink's). */
  endpoint: StripeEndpoint;
  /** Events about merchants' connected accounts only: one naming no account is logged and ignored. */
  onConnectedAccount?: boolean;
  apply(consumed: ConsumedEvent): Promise<void>;
}) {
  return observed(async (busEvent: EventBridgeEvent<string, unknown>, context?: Context): Promise<void> => {
    const event = stripeEventFrom(busEvent, options.endpoint, telemetry);
    if (!event) return;
    const account = event.account ?? undefined;
    if (options.onConnectedAccount && !account) {
      return logIgnoredEvent('no_account', { eventId: event.id }, telemetry);
    }
    const now = new Date();
    await oncePerEvent(
      {
        consumer: options.consumer,
        eventId: event.id,
        claims: workClaimStore,
        telemetry,
        now,
        leaseMs: context?.getRemainingTimeInMillis(),
      },
      () =>
        options.apply({
          event,
          account,
          now,
          remainingMs: () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY,
        }),
    );
  });
}
