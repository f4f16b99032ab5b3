import type { OpenCheckouts } from '../domain/payment-links';
import { telemetry } from './observability';
import { paymentStore } from './payment-store';
import { stripeClient } from './stripe-client';

/**
 * A closed link's open Checkouts, which the rules expire on Stripe (docs/decisions.md #47). Apart from
 * paymentLinkDeps so that only the function that changes a link bundles the Stripe SDK and reads its key,
 * and only when a link is closed.
 */
export function openCheckoutsDeps(): OpenCheckouts {
  return {
    pendingOfMerchant: paymentStore.listPendingOfMerchant,
    async expireSession(sessionId: string, stripeAccountId: string) {
      const stripe = await stripeClient();
      await stripe.checkout.sessions.expire(sessionId, {}, { stripeAccount: stripeAccountId });
    },
    telemetry,
  };
}
