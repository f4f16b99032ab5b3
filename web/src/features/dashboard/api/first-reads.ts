/**
 * The API paths the dashboard home reads as it opens, exactly as its queries ask for them (from the same
 * lib/merchant-read-paths.ts): the entry starts them with the stored token before the app has loaded
 * (lib/early-reads.ts, docs/decisions.md #102). Dependency-free: part of the entry.
 */
import { MERCHANT_READ_PATHS, paymentListPath } from '@web/lib/merchant-read-paths';

/** The home shows the 3 newest payments; one more is read to know whether 'View All Payments' is due. */
export const RECENT_PAYMENTS_SHOWN = 3;

/** The merchant's profile: the home's heading, which the frame draws from it (docs/decisions.md #108). */
export const DASHBOARD_HOME_PROFILE_READ = MERCHANT_READ_PATHS.profile;

export const DASHBOARD_HOME_FIRST_READS = [
  DASHBOARD_HOME_PROFILE_READ,
  MERCHANT_READ_PATHS.stripeConnection,
  MERCHANT_READ_PATHS.links,
  MERCHANT_READ_PATHS.subscription,
  // The newest payments, no filters: the query string lib/payments-api's paymentListSearch writes for them.
  paymentListPath(new URLSearchParams({ limit: String(RECENT_PAYMENTS_SHOWN + 1) })),
  MERCHANT_READ_PATHS.stats,
  // The person's role: which pages the shell's menu offers.
  MERCHANT_READ_PATHS.businesses,
] as const;
