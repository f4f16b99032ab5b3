/**
 * What the dashboard home reads as it opens, by path: the entry asks for these on a signed-in merchant's
 * /dashboard before the app's code arrives (lib/early-reads.ts, docs/decisions.md #276), and the home's loader
 * (home-loader.ts) asks for the same through its queries, which take those answers. Kept free of the contracts'
 * schemas and React Query, so the entry carries only these few strings and the list's query-string builder.
 */
import type { PaymentFiltersInput } from '@shared/contracts/payments';
import { MERCHANT_READ_PATHS, paymentListPath, paymentListSearch } from '@web/lib/merchant-read-paths';

/** The home shows the 3 newest payments; one more is read to know whether 'View All Payments' is due. */
export const RECENT_PAYMENTS_SHOWN = 3;
/** The newest payments: no filters, one page of the shown ones and one more. */
export const RECENT_PAYMENTS_FILTERS: PaymentFiltersInput = {};
export const RECENT_PAYMENTS_PAGE = { limit: RECENT_PAYMENTS_SHOWN + 1 } as const;

/** Every read of the home's loader, in its order. */
export const DASHBOARD_HOME_READ_PATHS: readonly string[] = [
  MERCHANT_READ_PATHS.profile,
  MERCHANT_READ_PATHS.stripeConnection,
  MERCHANT_READ_PATHS.links,
  MERCHANT_READ_PATHS.subscription,
  // Written by the builder the home's query asks with (lib/payments-api's listPayments), so the two cannot differ.
  paymentListPath(paymentListSearch(RECENT_PAYMENTS_FILTERS, RECENT_PAYMENTS_PAGE)),
  MERCHANT_READ_PATHS.stats,
  MERCHANT_READ_PATHS.businesses,
];
