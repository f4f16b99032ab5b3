/** What the GST summary reads: the merchant (tax settings, time zone) and the period's payments. */
import type { GstSummaryDeps } from '../domain/gst-summary';
import { gstSummaryStore } from './gst-summary-store';
import { merchantStore } from './merchant-store';

export function gstSummaryDeps(): GstSummaryDeps {
  return { merchants: merchantStore, payments: gstSummaryStore };
}
