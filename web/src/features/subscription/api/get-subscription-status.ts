import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionStatusSchema, type SubscriptionStatus } from '@shared/contracts/subscription';
import { authenticatedApiGet } from '@web/lib/api-client';
import { MERCHANT_READ_PATHS } from '@web/lib/merchant-read-paths';

/** Invalidate this after anything that may change the plan (a return from Checkout or the portal). */
export const subscriptionStatusQueryKey = ['subscription', 'status'] as const;

export function getSubscriptionStatus(): Promise<SubscriptionStatus> {
  return authenticatedApiGet(MERCHANT_READ_PATHS.subscription, subscriptionStatusSchema);
}

/**
 * GET /api/me/subscription. Checkout and the billing portal open in another tab, so the status is read
 * again every time this window regains focus.
 */
export const subscriptionStatusQuery = queryOptions({
  queryKey: subscriptionStatusQueryKey,
  queryFn: getSubscriptionStatus,
  refetchOnWindowFocus: 'always',
});

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQuery);
}
