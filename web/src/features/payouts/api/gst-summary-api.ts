/** The GST summary of one taxable period (docs/decisions.md #84), read when the merchant picks it. */
import { useQuery } from '@tanstack/react-query';
import { gstSummarySchema, type GstSummary } from '@shared/contracts/gst-summary';
import type { GstPeriodLength } from '@shared/gst-periods';
import { authenticatedApiGet } from '@web/lib/api-client';
import { payoutsQueryKey } from './payouts-api';

/** GET /api/me/gst-summary — the period of `months` months ending in `lastMonth` (yyyy-MM). */
export function getGstSummary(months: GstPeriodLength, lastMonth: string): Promise<GstSummary> {
  const search = new URLSearchParams({ months: String(months), lastMonth });
  return authenticatedApiGet(`/api/me/gst-summary?${search.toString()}`, gstSummarySchema);
}

export function useGstSummary(months: GstPeriodLength, lastMonth: string, enabled: boolean) {
  return useQuery({
    queryKey: [...payoutsQueryKey, 'gst-summary', months, lastMonth],
    queryFn: () => getGstSummary(months, lastMonth),
    enabled,
  });
}
