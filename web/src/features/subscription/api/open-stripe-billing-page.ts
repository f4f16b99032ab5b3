import { useMutation } from '@tanstack/react-query';
import type { StripeTrip } from '@shared/contracts/stripe-connection';
import { stripePageUrlSchema } from '@shared/contracts/subscription';
import { authenticatedApiSend } from '@web/lib/api-client';

/** POST /api/me/subscription/checkout: Stripe Checkout for the Business plan, returning to `trip`'s page. */
export function createSubscriptionCheckout(trip: StripeTrip): Promise<{ url: string }> {
  return authenticatedApiSend('POST', '/api/me/subscription/checkout', trip, stripePageUrlSchema);
}

/** POST /api/me/subscription/portal: Stripe's billing portal, to change or cancel the plan. */
export function createBillingPortalSession(trip: StripeTrip): Promise<{ url: string }> {
  return authenticatedApiSend('POST', '/api/me/subscription/portal', trip, stripePageUrlSchema);
}

/**
 * Nothing changes until the merchant acts on Stripe's page (and Stripe's webhook reaches the API), so these
 * invalidate nothing; the status query re-reads when this tab regains focus.
 */
export function useCreateSubscriptionCheckout() {
  return useMutation({ mutationFn: createSubscriptionCheckout });
}

export function useCreateBillingPortalSession() {
  return useMutation({ mutationFn: createBillingPortalSession });
}
