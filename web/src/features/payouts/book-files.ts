/**
 * The fee statement (CSV and PDF) and the GST return worksheet (CSV) handed to the browser to save. The
 * CSVs carry a byte-order mark, as the GST summary's does: they are for a spreadsheet, not for Xero.
 */
import type { GstReturnWorksheet } from '@shared/contracts/gst-return';
import type { FeeStatement } from '@shared/contracts/paylink-fees';
import { feeStatementCsv } from '@shared/fee-statement-csv';
import { gstReturnCsv } from '@shared/gst-return-csv';
import { CSV_BYTE_ORDER_MARK } from '@shared/transactions-csv';

export function feeStatementFileName(statement: Pick<FeeStatement, 'month'>, extension: 'csv' | 'pdf'): string {
  return `paylink-fees-${statement.month}.${extension}`;
}

export function downloadFeeStatementCsv(statement: FeeStatement) {
  saveFile(
    new Blob([CSV_BYTE_ORDER_MARK, feeStatementCsv(statement)], { type: 'text/csv;charset=utf-8' }),
    feeStatementFileName(statement, 'csv'),
  );
}

/** The PDF is drawn by jsPDF with its fonts, loaded only on the first click (docs/decisions.md #85's pattern). */
export async function downloadFeeStatementPdf(statement: FeeStatement) {
  const { createFeeStatementPdf } = await import('./fee-statement-pdf');
  saveFile(await createFeeStatementPdf(statement), feeStatementFileName(statement, 'pdf'));
}

export function downloadGstReturnCsv(worksheet: GstReturnWorksheet) {
  saveFile(
    new Blob([CSV_BYTE_ORDER_MARK, gstReturnCsv(worksheet)], { type: 'text/csv;charset=utf-8' }),
    `paylink-gst-return-${worksheet.firstMonth}-to-${worksheet.lastMonth}.csv`,
  );
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
