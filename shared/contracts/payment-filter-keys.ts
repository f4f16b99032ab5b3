/**
 * The names of the payment list's filter fields, apart from their schemas (payments.ts) so that the browser's
 * entry can write the list's query string (web/src/lib/merchant-read-paths.ts) without carrying zod and the
 * payments contract (docs/decisions.md #223, #276).
 */

/** The names of the filter fields, in the order the filter panel shows them (and the URL keeps them). */
export const PAYMENT_FILTER_KEYS = [
  'dateFrom',
  'dateTo',
  'status',
  'transactionId',
  'customerEmail',
  'amountMin',
  'amountMax',
  'reference',
] as const;
