import { PAYMENT_FILTER_KEYS } from '@shared/contracts/payment-filter-keys';
import type { PaymentFiltersInput } from '@shared/contracts/payments';

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

/**
 * The filters (and page) as the list's query string; empty fields are left out. Here, free of the contracts'
 * schemas (the filters' type only), so the entry's early reads (features/dashboard/api/home-read-paths.ts) and
 * lib/payments-api write the newest payments' path with the same builder.
 */
export function paymentListSearch(filters: PaymentFiltersInput, page: { cursor?: string; limit?: number } = {}) {
  const search = new URLSearchParams();
  for (const key of PAYMENT_FILTER_KEYS) {
    const value = filters[key];
    if (typeof value === 'string' && value.trim() !== '') search.set(key, value.trim());
  }
  if (page.cursor) search.set('cursor', page.cursor);
  if (page.limit) search.set('limit', String(page.limit));
  return search;
}

/** GET /api/me/payments with the list's query string (paymentListSearch). */
export function paymentListPath(search: URLSearchParams): `/api/me/payments${string}` {
  const query = search.toString();
  return `${MERCHANT_READ_PATHS.payments}${query ? `?${query}` : ''}`;
}
