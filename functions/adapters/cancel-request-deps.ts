import { openCheckoutsDeps } from './open-checkouts-deps';
import { paymentLinkStore } from './payment-link-store';
import { paymentRequestStore } from './payment-request-store';

/**
 * For cancelling a payment request: the request and link stores, and a cancelled one-off's open Checkouts,
 * which are expired with Stripe (docs/decisions.md #105). Apart from paymentRequestDeps so that only the
 * cancelling function bundles the Stripe SDK and reads its key.
 */
export function cancelRequestDeps(now = new Date()) {
  return { requests: paymentRequestStore, links: paymentLinkStore, openCheckouts: openCheckoutsDeps(), now };
}
