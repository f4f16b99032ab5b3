/**
 * The receipt as an A4 PDF, drawn with jsPDF as the print materials are, in Inter (regular and bold)
 * so names with macrons print as written. Top to bottom, as the receipt page reads: the supplier, the
 * details, the items and total, the GST statement, the customer, the refunds with their corrections.
 */
import type { jsPDF } from 'jspdf';
import { flowingA4 } from '@web/lib/pdf/flowing-a4';
import { createInterPdf } from '@web/lib/pdf/inter-pdf';
import type { ReceiptDocument } from '@shared/receipt-document';
import { receiptPdfStrings as strings } from './receipt-pdf-strings';

export function receiptPdfFileName(receipt: ReceiptDocument): string {
  return receipt.receiptNumber === null ? 'receipt.pdf' : `receipt-${receipt.receiptNumber}.pdf`;
}

export async function createReceiptPdf(receipt: ReceiptDocument): Promise<Blob> {
  const doc = await createInterPdf('a4', {
    title: strings.documentTitle(receipt.supplierName, receipt.receiptNumber),
    author: receipt.supplierName,
  });
  drawReceipt(doc, receipt);
  return doc.output('blob');
}

function drawReceipt(doc: jsPDF, receipt: ReceiptDocument) {
  const { text, row, rule, gap } = flowingA4(doc, { rowSizePt: 11 });

  text(strings.receipt, { muted: true });
  text(receipt.supplierName, { sizePt: 20, bold: true });
  if (receipt.supplierAddress) text(receipt.supplierAddress, { muted: true });
  gap(4);
  if (receipt.receiptNumber !== null) row(strings.receiptNumber, String(receipt.receiptNumber), { muted: true });
  row(strings.date, receipt.date, { muted: true });
  if (receipt.gstNumber) row(strings.gstNumber, receipt.gstNumber, { muted: true });
  gap(4);
  text(receipt.description);
  gap(4);

  row(strings.item, strings.amount, { bold: true });
  rule();
  for (const [label, amount] of receipt.lines) {
    row(label, amount);
    rule();
  }
  row(strings.totalPaid, receipt.totalText, { bold: true });
  if (receipt.gstStatement) {
    gap(2);
    text(receipt.gstStatement, { bold: true });
  }

  if (receipt.recipient) {
    gap(6);
    text(strings.customer, { sizePt: 12, bold: true });
    text(receipt.recipient.name ?? strings.nameNotGiven);
    if (receipt.recipient.email) text(receipt.recipient.email);
  }

  if (receipt.answers.length > 0) {
    gap(6);
    text(strings.yourDetails, { sizePt: 12, bold: true });
    for (const [label, value] of receipt.answers) row(label, value);
  }

  if (receipt.corrections.length > 0) {
    gap(6);
    text(strings.refunds, { sizePt: 12, bold: true });
    if (receipt.receiptNumber !== null) text(strings.correctionsTo(receipt.receiptNumber), { muted: true });
    gap(2);
    for (const correction of receipt.corrections) {
      row(`${correction.date} · ${strings.refunded}`, correction.refundText);
      if (correction.gstText) row(strings.correction, correction.gstText, { muted: true });
      rule();
    }
  }

  gap(8);
  text(receipt.footer, { sizePt: 9, muted: true });
}
