/** The paths of the merchant reads the dashboard home starts with, one place for the fetchers that ask for them. */
export const MERCHANT_READ_PATHS = {
  profile: '/api/me',
  stripeConnection: '/api/me/stripe/status',
  links: '/api/me/links',
  subscription: '/api/me/subscription',
  payments: '/api/me/payments',
  stats: '/api/me/stats',
  /** The businesses the person may act for, with their role: the shell's nav and switcher (docs/decisions.md #161). */
  businesses: '/api/me/businesses',
} as const;

/** GET /api/me/payments with the list's query string (filters and page, as lib/payments-api writes them). */
export function paymentListPath(search: URLSearchParams): `/api/me/payments${string}` {
  const query = search.toString();
  return `${MERCHANT_READ_PATHS.payments}${query ? `?${query}` : ''}`;
}
