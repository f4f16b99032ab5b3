/** Refund and dispute events from merchants' connected accounts keep each payment's money after the sale (exactly once). */
import { moneyDeps } from '../adapters/money-deps';
import { applyMoneyEvent } from '../domain/money-events';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'money',
  // Refunds and disputes of direct charges happen on the merchant's connected account: only the Connect
  // endpoint delivers them, always naming the account.
  endpoint: 'connect',
  onConnectedAccount: true,
  apply: async ({ event, account, now }) => applyMoneyEvent(event, account!, await moneyDeps(now)),
});
