import { useMutation } from '@tanstack/react-query';
import { stripeOnboardingLinkSchema, type StripeTrip } from '@shared/contracts/stripe-connection';
import { authenticatedApiSend } from '@web/lib/api-client';

/** POST /api/me/stripe/connect: a Stripe onboarding page for the merchant's own account, returning to `trip`'s page. */
export function createStripeOnboardingLink(trip: StripeTrip): Promise<{ url: string }> {
  return authenticatedApiSend('POST', '/api/me/stripe/connect', trip, stripeOnboardingLinkSchema);
}

/** Nothing changes until the merchant finishes on Stripe; the status query re-reads on focus and on return. */
export function useCreateStripeOnboardingLink() {
  return useMutation({ mutationFn: createStripeOnboardingLink });
}
