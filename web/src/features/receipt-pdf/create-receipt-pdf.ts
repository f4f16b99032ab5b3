/**
 * The receipt as an A4 PDF, drawn with jsPDF as the print materials are, in Inter (regular and bold)
 * so names with macrons print as written. Top to bottom, as the receipt page reads: the supplier, the
 * details, the items and total, the GST statement, the customer, the refunds with their corrections.
 */
import interBoldUrl from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import interRegularUrl from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import { jsPDF } from 'jspdf';
import type { ReceiptDocument } from '@shared/receipt-document';
import { receiptPdfStrings as strings } from './receipt-pdf-strings';

const FONT = 'Inter';
const PAGE = { width: 210, height: 297, margin: 20 };
const MM_PER_PT = 25.4 / 72;
const LINE_HEIGHT = 1.35;
const COLOURS = { text: '#1f2937', muted: '#475569', rule: '#e2e8f0' };

export function receiptPdfFileName(receipt: ReceiptDocument): string {
  return receipt.receiptNumber === null ? 'receipt.pdf' : `receipt-${receipt.receiptNumber}.pdf`;
}

export async function createReceiptPdf(receipt: ReceiptDocument): Promise<Blob> {
  const [regular, bold] = await Promise.all([fontFile(interRegularUrl), fontFile(interBoldUrl)]);
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('Inter-Regular.ttf', regular);
  doc.addFont('Inter-Regular.ttf', FONT, 'normal');
  doc.addFileToVFS('Inter-Bold.ttf', bold);
  doc.addFont('Inter-Bold.ttf', FONT, 'bold');
  doc.setProperties({
    title: strings.documentTitle(receipt.supplierName, receipt.receiptNumber),
    author: receipt.supplierName,
  });
  doc.setLanguage('en-NZ');
  drawReceipt(doc, receipt);
  return doc.output('blob');
}

function drawReceipt(doc: jsPDF, receipt: ReceiptDocument) {
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  let y = PAGE.margin;

  const lineMm = (sizePt: number) => sizePt * MM_PER_PT * LINE_HEIGHT;
  const room = (needed: number) => {
    if (y + needed <= PAGE.height - PAGE.margin) return;
    doc.addPage();
    y = PAGE.margin;
  };
  /** Wrapped text at the left, moving down past it. */
  const text = (
    value: string,
    options: { sizePt?: number; bold?: boolean; muted?: boolean; maxWidth?: number } = {},
  ) => {
    const sizePt = options.sizePt ?? 11;
    doc.setFont(FONT, options.bold ? 'bold' : 'normal');
    doc.setFontSize(sizePt);
    doc.setTextColor(options.muted ? COLOURS.muted : COLOURS.text);
    for (const line of doc.splitTextToSize(value, options.maxWidth ?? width) as string[]) {
      room(lineMm(sizePt));
      y += lineMm(sizePt);
      doc.text(line, left, y - lineMm(sizePt) * 0.25);
    }
  };
  /** A label at the left and a value at the right, on one row (the label wraps if long). */
  const row = (label: string, value: string, options: { bold?: boolean; muted?: boolean } = {}) => {
    const sizePt = 11;
    doc.setFont(FONT, options.bold ? 'bold' : 'normal');
    doc.setFontSize(sizePt);
    const valueWidth = doc.getTextWidth(value);
    const labelLines = doc.splitTextToSize(label, width - valueWidth - 8) as string[];
    room(lineMm(sizePt) * labelLines.length + 2);
    const top = y;
    doc.setTextColor(options.muted ? COLOURS.muted : COLOURS.text);
    labelLines.forEach((line, index) => doc.text(line, left, top + lineMm(sizePt) * (index + 0.75)));
    doc.setTextColor(COLOURS.text);
    doc.text(value, right, top + lineMm(sizePt) * 0.75, { align: 'right' });
    y = top + lineMm(sizePt) * labelLines.length + 2;
  };
  const rule = () => {
    doc.setDrawColor(COLOURS.rule);
    doc.setLineWidth(0.3);
    doc.line(left, y, right, y);
    y += 2;
  };
  const gap = (mm: number) => {
    y += mm;
  };

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

/** A font file as the binary string jsPDF's virtual file system keeps. */
async function fontFile(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the receipt font did not load (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return binary;
}
