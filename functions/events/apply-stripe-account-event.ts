/** `account.updated` from a merchant's connected account keeps their connection status current. */
import { announceMerchantUpdate } from '../adapters/merchant-news';
import { merchantStore } from '../adapters/merchant-store';
import { telemetry } from '../adapters/observability';
import { stripeClient } from '../adapters/stripe-client';
import { applyAccountUpdated } from '../domain/stripe-events';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'account',
  // Account events count only from the Connect endpoint: they are about merchants' connected accounts.
  endpoint: 'connect',
  apply: async ({ event }) =>
    applyAccountUpdated(event, {
      merchants: merchantStore,
      stripe: await stripeClient(),
      telemetry,
      now: () => new Date(),
      announce: announceMerchantUpdate,
    }),
});
