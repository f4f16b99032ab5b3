/**
 * The API paths the dashboard home reads as it opens, exactly as its queries ask for them: the entry
 * starts them with the stored token before the app has loaded (lib/early-reads.ts, docs/decisions.md #102).
 * Dependency-free: it is part of the entry.
 */

/** The home shows the 3 newest payments; one more is read to know whether 'View All Payments' is due. */
export const RECENT_PAYMENTS_SHOWN = 3;

export const DASHBOARD_HOME_FIRST_READS = [
  '/api/me',
  '/api/me/stripe/status',
  '/api/me/links',
  '/api/me/subscription',
  `/api/me/payments?limit=${RECENT_PAYMENTS_SHOWN + 1}`,
  '/api/me/stats',
] as const;
