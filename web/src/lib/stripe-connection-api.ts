/**
 * The merchant's Stripe connection (GET /api/me/stripe/status). It lives here rather than in
 * features/stripe-connection because the dashboard home's Business Status reads it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { stripeConnectionSchema, type StripeConnection } from '@shared/contracts/stripe-connection';
import { authenticatedApiGet } from './api-client';
import { MERCHANT_READ_PATHS } from './merchant-read-paths';

/** Invalidate this whenever the merchant may have changed their Stripe account (a return from Stripe). */
export const stripeConnectionQueryKey = ['stripe', 'connection'] as const;

export function getStripeConnection(): Promise<StripeConnection> {
  return authenticatedApiGet(MERCHANT_READ_PATHS.stripeConnection, stripeConnectionSchema);
}

/**
 * GET /api/me/stripe/status. Onboarding happens in another tab, so the status is read again every time
 * this window regains focus, however fresh the cached answer is.
 */
export const stripeConnectionQuery = queryOptions({
  queryKey: stripeConnectionQueryKey,
  queryFn: getStripeConnection,
  refetchOnWindowFocus: 'always',
});

export function useStripeConnection() {
  return useQuery(stripeConnectionQuery);
}
