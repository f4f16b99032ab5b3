/**
 * Paylink's fee statement of a month (docs/decisions.md #123) and the GST return worksheet of a
 * taxable period (#124), read when the merchant picks them.
 */
import { useQuery } from '@tanstack/react-query';
import { gstReturnWorksheetSchema, type GstReturnWorksheet } from '@shared/contracts/gst-return';
import { feeStatementSchema, type FeeStatement } from '@shared/contracts/paylink-fees';
import type { GstPeriodLength } from '@shared/gst-periods';
import { authenticatedApiGet } from '@web/lib/api-client';
import { payoutsQueryKey } from './payouts-api';

/** GET /api/me/paylink-fees — the statement of `month` (yyyy-MM). */
export function getFeeStatement(month: string): Promise<FeeStatement> {
  return authenticatedApiGet(`/api/me/paylink-fees?${new URLSearchParams({ month }).toString()}`, feeStatementSchema);
}

export function useFeeStatement(month: string) {
  return useQuery({
    queryKey: [...payoutsQueryKey, 'paylink-fees', month],
    queryFn: () => getFeeStatement(month),
  });
}

/** GET /api/me/gst-return — the period of `months` months ending in `lastMonth` (yyyy-MM). */
export function getGstReturn(months: GstPeriodLength, lastMonth: string): Promise<GstReturnWorksheet> {
  const search = new URLSearchParams({ months: String(months), lastMonth });
  return authenticatedApiGet(`/api/me/gst-return?${search.toString()}`, gstReturnWorksheetSchema);
}

export function useGstReturn(months: GstPeriodLength, lastMonth: string) {
  return useQuery({
    queryKey: [...payoutsQueryKey, 'gst-return', months, lastMonth],
    queryFn: () => getGstReturn(months, lastMonth),
  });
}
