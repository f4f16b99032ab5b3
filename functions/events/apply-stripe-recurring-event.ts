/** Recurring links' subscription and invoice events on merchants' connected accounts: each period one payment. */
import { recurringEventDeps } from '../adapters/recurring-deps';
import { applyRecurringEvent } from '../domain/recurring-events';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'recurring',
  // A payer's subscription lives on the merchant's connected account (a direct charge, like one-off
  // payments): its events come through the Connect endpoint, always naming the account.
  endpoint: 'connect',
  onConnectedAccount: true,
  apply: async ({ event, account, now }) => applyRecurringEvent(event, account!, await recurringEventDeps(now)),
});
