/**
 * The Payouts screen's reads: the list a page at a time, one payout's lines a page at a time when it opens
 * (docs/decisions.md #129), and every line of a payout, or of every payout of a date range, for
 * the Xero export (built in the browser, as the transactions CSV is, from every page the API gives).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  PAYOUT_LINES_PAGE_DEFAULT,
  PAYOUT_LINES_PAGE_MAX,
  PAYOUT_PAGE_DEFAULT,
  PAYOUT_PAGE_MAX,
  payoutDetailSchema,
  payoutListSchema,
  type PayoutDetail,
  type PayoutLine,
  type PayoutList,
} from '@shared/contracts/payouts';
import { authenticatedApiGet } from '@web/lib/api-client';

export const payoutsQueryKey = ['payouts'] as const;
const payoutDetailQueryKey = (payoutId: string) => [...payoutsQueryKey, 'detail', payoutId] as const;

/** GET /api/me/payouts — one page, newest arrival first, optionally within arrival days. */
export function listPayouts(
  page: { cursor?: string; limit?: number; from?: string; to?: string } = {},
): Promise<PayoutList> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(page))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return authenticatedApiGet(`/api/me/payouts${query ? `?${query}` : ''}`, payoutListSchema);
}

/** GET /api/me/payouts/{id} — the payout with one page of its lines (the first without a cursor). */
export function getPayout(payoutId: string, page: { cursor?: string; limit?: number } = {}): Promise<PayoutDetail> {
  const search = new URLSearchParams();
  if (page.cursor) search.set('cursor', page.cursor);
  if (page.limit) search.set('limit', String(page.limit));
  const query = search.toString();
  return authenticatedApiGet(
    `/api/me/payouts/${encodeURIComponent(payoutId)}${query ? `?${query}` : ''}`,
    payoutDetailSchema,
  );
}

/** The payout and every one of its lines, read page after page (the largest pages the API gives). */
export async function readWholePayout(payoutId: string): Promise<PayoutDetail> {
  const lines: PayoutLine[] = [];
  let cursor: string | undefined;
  let first: PayoutDetail | undefined;
  do {
    const page = await getPayout(payoutId, { cursor, limit: PAYOUT_LINES_PAGE_MAX });
    first ??= page;
    lines.push(...page.lines);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { ...first!, lines, nextCursor: null };
}

export function usePayoutPages() {
  return useInfiniteQuery({
    queryKey: [...payoutsQueryKey, 'pages'],
    queryFn: ({ pageParam }) => listPayouts({ cursor: pageParam, limit: PAYOUT_PAGE_DEFAULT }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** One payout's lines, a page at a time ("Load more lines"); the payout's figures come with every page. */
export function usePayoutDetail(payoutId: string) {
  return useInfiniteQuery({
    queryKey: payoutDetailQueryKey(payoutId),
    queryFn: ({ pageParam }) => getPayout(payoutId, { cursor: pageParam, limit: PAYOUT_LINES_PAGE_DEFAULT }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** Every payout arriving within the days, each with its lines, oldest first; and the merchant's GST setting. */
export async function readPayoutsBetween(from: string, to: string) {
  const details: PayoutDetail[] = [];
  let cursor: string | undefined;
  let gstRegistered = false;
  do {
    const page = await listPayouts({ from, to, cursor, limit: PAYOUT_PAGE_MAX });
    gstRegistered = page.gstRegistered;
    for (const payout of page.payouts) details.push(await readWholePayout(payout.payoutId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { payouts: details.reverse(), gstRegistered };
}
