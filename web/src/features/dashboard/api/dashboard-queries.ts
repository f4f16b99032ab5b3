/**
 * The dashboard home's reads and its one action. The fetchers and keys live in lib/payments-api (the
 * realtime listener and Transactions share them); a push invalidates `paymentsQueryKey` and all of
 * these refresh without a reload.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@web/lib/toast';
import { paymentsQueryKey, verifyPendingPayments } from '@web/lib/payments-api';
import { dashboardStrings } from '../dashboard-strings';
import { dashboardStatsQuery, recentPaymentsQuery } from './home-queries';

/**
 * The stats; several cards read them (one request). `announceFailure` is for the one card that owns
 * the failure toast ('Error' / 'Failed to load dashboard statistics'), so a failure is told once.
 */
export function useDashboardStats({ announceFailure = false }: { announceFailure?: boolean } = {}) {
  const stats = useQuery(dashboardStatsQuery);
  const words = dashboardStrings.home.overview;
  useEffect(() => {
    if (announceFailure && stats.isError) toast.error(words.failedTitle, { description: words.failed });
  }, [announceFailure, stats.isError, stats.errorUpdatedAt, words]);
  return stats;
}

export function useRecentPayments() {
  return useQuery(recentPaymentsQuery);
}

/**
 * Verify & Refresh (docs/decisions.md #8): 'Verifying transactions...' while the server re-checks
 * the merchant's pending payments with Stripe, then 'Verification completed' in its place, and every
 * payment and stat on screen is read again.
 */
export function useVerifyPayments() {
  const queryClient = useQueryClient();
  const words = dashboardStrings.home.overview;
  return useMutation({
    mutationFn: verifyPendingPayments,
    onMutate: () => ({ toastId: toast.loading(words.verifyingToast) }),
    onSuccess: (result, _variables, context) => {
      toast.success(words.verifiedToast, {
        id: context.toastId,
        description: words.verifiedDetail(result.checked, result.settled),
      });
    },
    onError: (error, _variables, context) => {
      toast.error(words.verifyFailedTitle, { id: context?.toastId, description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  });
}
