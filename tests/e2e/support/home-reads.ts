import { MERCHANT_READ_PATHS, paymentListPath } from '@web/lib/merchant-read-paths';

/** What the home reads as it opens: its loader's prefetches (features/dashboard/api/home-loader.ts). */
export const HOME_READS = [
  MERCHANT_READ_PATHS.profile,
  MERCHANT_READ_PATHS.stripeConnection,
  MERCHANT_READ_PATHS.links,
  MERCHANT_READ_PATHS.subscription,
  // The 3 newest payments and one more (RECENT_PAYMENTS_SHOWN + 1).
  paymentListPath(new URLSearchParams({ limit: '4' })),
  MERCHANT_READ_PATHS.stats,
  MERCHANT_READ_PATHS.businesses,
];
