/**
 * A GST summary as a CSV for the merchant's accountant or spreadsheet (docs/decisions.md #84): one line per
 * receipt and per supply correction (a correction's amounts negative, so the GST column sums to the net),
 * then the totals. Text cells are made inert against formula injection exactly as the transactions CSV
 * does. Pure: no I/O.
 */
import type { GstSummary } from './contracts/gst-summary';
import { centsToCsvAmount, quoted, textCell } from './transactions-csv';

export const GST_SUMMARY_CSV_HEADER = [
  'Type',
  'Date',
  'Receipt Number',
  'Description',
  'Customer Name',
  'Amount Including GST',
  'GST',
  'Payment ID',
] as const;

export const GST_SUMMARY_TOTAL_LABELS = {
  sales: 'Total sales including GST',
  collected: 'Total GST on receipts',
  refunded: 'Total refunded',
  corrected: 'Total GST corrected',
  net: 'Net GST',
  zeroRated: 'Of the sales, zero-rated',
} as const;

/** A zero-rated receipt's or correction's type says so: its GST is 0 by law, not missing (#136). */
const typeOf = (type: string, line: { gstTreatment: string }) =>
  line.gstTreatment === 'zero-rated' ? `${type} (zero-rated)` : type;

const CRLF = '\r\n';

/** `yyyy-MM-dd` as dd/MM/yyyy, as the other exports date things. */
function dayCell(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

function row(cells: readonly string[]): string {
  return cells.map(quoted).join(',') + CRLF;
}

export function gstSummaryCsv(summary: GstSummary): string {
  const lines = [
    ...summary.receipts.map((line) => ({
      at: line.at,
      cells: [
        typeOf('Receipt', line),
        dayCell(line.day),
        line.receiptNumber === null ? '' : String(line.receiptNumber),
        textCell(line.description),
        textCell(line.payerName),
        centsToCsvAmount(line.supplyCents),
        centsToCsvAmount(line.gstCents),
        textCell(line.paymentId),
      ],
    })),
    ...summary.corrections.map((line) => ({
      at: line.at,
      cells: [
        typeOf('Supply correction', line),
        dayCell(line.day),
        line.receiptNumber === null ? '' : String(line.receiptNumber),
        textCell(`Refund: ${line.description}`),
        '',
        centsToCsvAmount(-line.supplyCents),
        centsToCsvAmount(-line.gstCents),
        textCell(line.paymentId),
      ],
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const { totals } = summary;
  const total = (label: string, amount: number | null, gst: number | null) =>
    row([
      label,
      '',
      '',
      '',
      '',
      amount === null ? '' : centsToCsvAmount(amount),
      gst === null ? '' : centsToCsvAmount(gst),
      '',
    ]);
  return (
    row(GST_SUMMARY_CSV_HEADER) +
    lines.map((line) => row(line.cells)).join('') +
    total(GST_SUMMARY_TOTAL_LABELS.sales, totals.salesCents, null) +
    (totals.zeroRatedCents !== 0 ? total(GST_SUMMARY_TOTAL_LABELS.zeroRated, totals.zeroRatedCents, null) : '') +
    total(GST_SUMMARY_TOTAL_LABELS.collected, null, totals.gstCollectedCents) +
    total(GST_SUMMARY_TOTAL_LABELS.refunded, -totals.refundedCents, null) +
    total(GST_SUMMARY_TOTAL_LABELS.corrected, null, -totals.gstCorrectedCents) +
    total(GST_SUMMARY_TOTAL_LABELS.net, totals.salesCents - totals.refundedCents, totals.netGstCents)
  );
}
