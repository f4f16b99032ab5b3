/** `payout.paid` / `payout.failed` from merchants' connected accounts: the payout recorded with its lines (exactly once). */
import { payoutDeps } from '../adapters/payout-deps';
import { applyPayoutEvent } from '../domain/payouts';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'payout',
  // A payout of a direct-charge merchant's balance happens on their connected account: only the Connect
  // endpoint delivers it, always naming the account.
  endpoint: 'connect',
  onConnectedAccount: true,
  apply: async ({ event, account, now }) => applyPayoutEvent(event, account!, await payoutDeps(now)),
});
