import { useMutation } from '@tanstack/react-query';
import { stripePageUrlSchema } from '@shared/contracts/subscription';
import { authenticatedApiSend } from '@web/lib/api-client';

/** POST /api/me/subscription/checkout: Stripe Checkout for the Business plan. */
export function createSubscriptionCheckout(): Promise<{ url: string }> {
  return authenticatedApiSend('POST', '/api/me/subscription/checkout', undefined, stripePageUrlSchema);
}

/** POST /api/me/subscription/portal: Stripe's billing portal, to change or cancel the plan. */
export function createBillingPortalSession(): Promise<{ url: string }> {
  return authenticatedApiSend('POST', '/api/me/subscription/portal', undefined, stripePageUrlSchema);
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
