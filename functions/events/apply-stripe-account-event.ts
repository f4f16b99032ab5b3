/** `account.updated` from a merchant's connected account keeps their connection status current. */
import { accountEventDeps } from '../adapters/merchant-stripe-deps';
import { applyAccountUpdated } from '../domain/stripe-events';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'account',
  // Account events count only from the Connect endpoint: they are about merchants' connected accounts.
  endpoint: 'connect',
  apply: async ({ event }) => applyAccountUpdated(event, await accountEventDeps()),
});
