/** `payout.paid` / `payout.failed` from merchants' connected accounts: the payout recorded with its lines (exactly once). */
import { payoutDeps } from '../adapters/payout-deps';
import { applyPayoutEvent } from '../domain/payout-recording';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'payout',
  // A payout of a direct-charge merchant's balance happens on their connected account: only the Connect
  // endpoint delivers it, always naming the account.
  endpoint: 'connect',
  onConnectedAccount: true,
  // A busy merchant's payout may take more than one run: each stops in time and the retry continues it.
  apply: async ({ event, account, now, remainingMs }) =>
    applyPayoutEvent(event, account!, await payoutDeps(now, remainingMs)),
});
