/**
 * Xero files from payouts, and the GST summary's CSV, handed to the browser to save. No byte-order mark
 * in the Xero files: Xero reads UTF-8 as it is, and a mark could reach it as part of the first header's
 * name. The GST summary is for a spreadsheet, so it has one, as the transactions CSV does.
 */
import type { GstSummary } from '@shared/contracts/gst-summary';
import { gstSummaryCsv } from '@shared/gst-summary-csv';
import { CSV_BYTE_ORDER_MARK } from '@shared/transactions-csv';
import {
  inXeroFiles,
  xeroBankStatementCsv,
  xeroPrecodedCsv,
  xeroRowsOfPayouts,
  type XeroCsvOptions,
  type XeroPayout,
} from '@shared/xero-csv';

export type XeroFileKind = 'statement' | 'precoded';

/**
 * The payouts' rows (each payout's lines, then the payout itself) as one file, or (past the 1,000 rows Xero
 * takes from a file) numbered parts to import one after another: `…-part-1-of-3.csv`. The browser may ask
 * once whether the site may save several files. Returns how many rows were written.
 */
export function downloadXeroCsv(
  name: string,
  kind: XeroFileKind,
  payouts: readonly XeroPayout[],
  options: XeroCsvOptions,
): number {
  const rows = xeroRowsOfPayouts(payouts, options);
  const files = inXeroFiles(rows);
  const suffix = kind === 'precoded' ? '-precoded' : '';
  files.forEach((part, index) => {
    const text = kind === 'statement' ? xeroBankStatementCsv(part, options) : xeroPrecodedCsv(part, options);
    const partName = files.length === 1 ? '' : `-part-${index + 1}-of-${files.length}`;
    saveCsv(`${name}${suffix}${partName}.csv`, [text]);
  });
  return rows.length;
}

/** The GST summary of one period: its receipts and corrections, then the totals. */
export function downloadGstSummaryCsv(summary: GstSummary) {
  saveCsv(`paylink-gst-${summary.firstMonth}-to-${summary.lastMonth}.csv`, [
    CSV_BYTE_ORDER_MARK,
    gstSummaryCsv(summary),
  ]);
}

function saveCsv(fileName: string, parts: string[]) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
