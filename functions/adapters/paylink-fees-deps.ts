/**
 * What the fee statement and the GST return worksheet read: the merchant, the period's payments with
 * Paylink's fee on each, and Paylink's own GST registration (a deployment setting).
 */
import type { GstReturnDeps } from '../domain/gst-return';
import type { PaylinkFeesDeps } from '../domain/paylink-fees';
import { merchantStore } from './merchant-store';
import { gstSummaryStore } from './gst-summary-store';
import { paylinkGstFromEnvironment } from './paylink-gst';

export function paylinkFeesDeps(now = new Date()): PaylinkFeesDeps & GstReturnDeps {
  return {
    merchants: merchantStore,
    payments: gstSummaryStore,
    paylinkGstNumber: paylinkGstFromEnvironment().gstNumber,
    now,
  };
}
