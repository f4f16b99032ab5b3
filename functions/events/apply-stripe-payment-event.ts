/** Checkout and payment events from merchants' connected accounts settle their payments (exactly once). */
import { settlementDeps } from '../adapters/settlement-deps';
import { applyPaymentEvent } from '../domain/settlement';
import { stripeEventConsumer } from './stripe-event-consumer';

export const handler = stripeEventConsumer({
  consumer: 'payment',
  // Payments are direct charges on merchants' connected accounts: their events come through the Connect
  // endpoint, always naming the account. Anything else cannot be about a Paylink payment.
  endpoint: 'connect',
  onConnectedAccount: true,
  apply: async ({ event, now }) => applyPaymentEvent(event, await settlementDeps(now)),
});
