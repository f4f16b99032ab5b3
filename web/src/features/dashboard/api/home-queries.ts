/**
 * The queries of the home's reads that no other page shares, apart from their hooks (dashboard-queries.ts): the
 * home's loader, in the app's chunk, starts them (docs/decisions.md #217), so this module carries only what a
 * read needs — no words, toasts or mutations.
 */
import { queryOptions } from '@tanstack/react-query';
import { dashboardStatsQueryKey, getDashboardStats, listPayments, paymentListQueryKey } from '@web/lib/payments-api';
import { RECENT_PAYMENTS_FILTERS, RECENT_PAYMENTS_PAGE } from './home-read-paths';

/** The stats, one request that several cards read. */
export const dashboardStatsQuery = queryOptions({ queryKey: dashboardStatsQueryKey, queryFn: getDashboardStats });

/** The newest payments, no filters. */
export const recentPaymentsQuery = queryOptions({
  queryKey: paymentListQueryKey(RECENT_PAYMENTS_FILTERS, RECENT_PAYMENTS_PAGE.limit),
  queryFn: () => listPayments(RECENT_PAYMENTS_FILTERS, RECENT_PAYMENTS_PAGE),
});
