/**
 * The queries of the home's reads that no other page shares, apart from their hooks (dashboard-queries.ts): the
 * home's loader, in the app's chunk, starts them (docs/decisions.md #217), so this module carries only what a
 * read needs — no words, toasts or mutations.
 */
import { queryOptions } from '@tanstack/react-query';
import { dashboardStatsQueryKey, getDashboardStats, listPayments, paymentListQueryKey } from '@web/lib/payments-api';

/** The home shows the 3 newest payments; one more is read to know whether 'View All Payments' is due. */
export const RECENT_PAYMENTS_SHOWN = 3;
const NO_FILTERS = {};

/** The stats, one request that several cards read. */
export const dashboardStatsQuery = queryOptions({ queryKey: dashboardStatsQueryKey, queryFn: getDashboardStats });

/** The newest payments, no filters. */
export const recentPaymentsQuery = queryOptions({
  queryKey: paymentListQueryKey(NO_FILTERS, RECENT_PAYMENTS_SHOWN + 1),
  queryFn: () => listPayments(NO_FILTERS, { limit: RECENT_PAYMENTS_SHOWN + 1 }),
});
