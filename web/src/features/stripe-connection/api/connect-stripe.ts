import { useMutation } from '@tanstack/react-query';
import { stripeOnboardingLinkSchema } from '@shared/contracts/stripe-connection';
import { authenticatedApiSend } from '@web/lib/api-client';

/** POST /api/me/stripe/connect: a Stripe onboarding page for the merchant's own account. */
export function createStripeOnboardingLink(): Promise<{ url: string }> {
  return authenticatedApiSend('POST', '/api/me/stripe/connect', undefined, stripeOnboardingLinkSchema);
}

/** Nothing changes until the merchant finishes on Stripe; the status query re-reads on focus and on return. */
export function useCreateStripeOnboardingLink() {
  return useMutation({ mutationFn: createStripeOnboardingLink });
}
