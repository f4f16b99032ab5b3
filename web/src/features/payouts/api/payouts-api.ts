/**
 * The Payouts screen's reads: the list a page at a time, one payout's lines when it opens, and every payout
 * of a date range with its lines for the Xero export (built in the browser, as the transactions CSV is).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  PAYOUT_PAGE_DEFAULT,
  PAYOUT_PAGE_MAX,
  payoutDetailSchema,
  payoutListSchema,
  type PayoutDetail,
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

/** GET /api/me/payouts/{id} — the payout with its lines. */
export function getPayout(payoutId: string): Promise<PayoutDetail> {
  return authenticatedApiGet(`/api/me/payouts/${encodeURIComponent(payoutId)}`, payoutDetailSchema);
}

export function usePayoutPages() {
  return useInfiniteQuery({
    queryKey: [...payoutsQueryKey, 'pages'],
    queryFn: ({ pageParam }) => listPayouts({ cursor: pageParam, limit: PAYOUT_PAGE_DEFAULT }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function usePayoutDetail(payoutId: string) {
  return useQuery({ queryKey: payoutDetailQueryKey(payoutId), queryFn: () => getPayout(payoutId) });
}

/** Every payout arriving within the days, each with its lines, oldest first; and the merchant's GST setting. */
export async function readPayoutsBetween(from: string, to: string) {
  const details: PayoutDetail[] = [];
  let cursor: string | undefined;
  let gstRegistered = false;
  do {
    const page = await listPayouts({ from, to, cursor, limit: PAYOUT_PAGE_MAX });
    gstRegistered = page.gstRegistered;
    for (const payout of page.payouts) details.push(await getPayout(payout.payoutId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { payouts: details.reverse(), gstRegistered };
}
