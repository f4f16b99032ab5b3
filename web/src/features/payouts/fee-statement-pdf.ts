/**
 * Paylink's fee statement as an A4 PDF, drawn in the browser with jsPDF in Inter as the receipt's PDF is
 * (docs/decisions.md #85), from the statement the server worked out — it never works out a figure itself.
 * Top to bottom: Paylink and its GST number (or that it is not registered), the date and period, the
 * merchant it is addressed to, each fee and fee given back, the totals and the GST they include. Loaded
 * only by a dynamic import on the first download, so jsPDF and the fonts stay out of the Payouts chunk.
 */
import interBoldUrl from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import interRegularUrl from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import { jsPDF } from 'jspdf';
import type { FeeStatement } from '@shared/contracts/paylink-fees';
import { feeStatementTitle } from '@shared/fee-statement-csv';
import { periodLabel } from '@shared/gst-periods';
import { formatMoney } from '@shared/money';
import { booksStrings } from './books-strings';

const strings = booksStrings.pdf;
const FONT = 'Inter';
const PAGE = { width: 210, height: 297, margin: 20 };
const MM_PER_PT = 25.4 / 72;
const LINE_HEIGHT = 1.35;
const COLOURS = { text: '#1f2937', muted: '#475569', rule: '#e2e8f0' };

const dayText = (day: string) => day.split('-').reverse().join('/');

export async function createFeeStatementPdf(statement: FeeStatement): Promise<Blob> {
  const [regular, bold] = await Promise.all([fontFile(interRegularUrl), fontFile(interBoldUrl)]);
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('Inter-Regular.ttf', regular);
  doc.addFont('Inter-Regular.ttf', FONT, 'normal');
  doc.addFileToVFS('Inter-Bold.ttf', bold);
  doc.addFont('Inter-Bold.ttf', FONT, 'bold');
  const month = periodLabel({ firstMonth: statement.month, lastMonth: statement.month });
  doc.setProperties({ title: `${feeStatementTitle(statement)}, ${month}`, author: statement.supplier.name });
  doc.setLanguage('en-NZ');
  drawStatement(doc, statement, month);
  return doc.output('blob');
}

function drawStatement(doc: jsPDF, statement: FeeStatement, month: string) {
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  const money = (cents: number) => formatMoney(cents, statement.currency);
  let y = PAGE.margin;

  const lineMm = (sizePt: number) => sizePt * MM_PER_PT * LINE_HEIGHT;
  const room = (needed: number) => {
    if (y + needed <= PAGE.height - PAGE.margin) return;
    doc.addPage();
    y = PAGE.margin;
  };
  const text = (value: string, options: { sizePt?: number; bold?: boolean; muted?: boolean } = {}) => {
    const sizePt = options.sizePt ?? 11;
    doc.setFont(FONT, options.bold ? 'bold' : 'normal');
    doc.setFontSize(sizePt);
    doc.setTextColor(options.muted ? COLOURS.muted : COLOURS.text);
    for (const line of doc.splitTextToSize(value, width) as string[]) {
      room(lineMm(sizePt));
      y += lineMm(sizePt);
      doc.text(line, left, y - lineMm(sizePt) * 0.25);
    }
  };
  /** A label at the left and a value at the right, on one row (the label wraps if long). */
  const row = (label: string, value: string, options: { bold?: boolean; muted?: boolean } = {}) => {
    const sizePt = 10;
    doc.setFont(FONT, options.bold ? 'bold' : 'normal');
    doc.setFontSize(sizePt);
    const labelLines = doc.splitTextToSize(label, width - doc.getTextWidth(value) - 8) as string[];
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

  text(feeStatementTitle(statement), { muted: true });
  text(statement.supplier.name, { sizePt: 20, bold: true });
  text(
    statement.supplier.gstNumber
      ? `${strings.gstNumber} ${statement.supplier.gstNumber}`
      : booksStrings.fees.notRegistered,
    { muted: true },
  );
  y += 4;
  row(strings.period, `${month} (${dayText(statement.fromDay)} – ${dayText(statement.toDay)})`, { muted: true });
  row(strings.issued, dayText(statement.issuedDay), { muted: true });
  y += 4;
  text(strings.to, { sizePt: 12, bold: true });
  text(statement.recipient.name);
  if (statement.recipient.address) text(statement.recipient.address);
  text(statement.recipient.email);
  y += 4;
  text(strings.description);
  y += 4;

  row(strings.columns.what, strings.columns.fee, { bold: true });
  rule();
  if (statement.lines.length === 0) text(strings.none, { muted: true });
  for (const line of statement.lines) {
    const what = line.kind === 'fee' ? strings.fee : strings.returned;
    const receipt = line.receiptNumber === null ? '' : ` (${strings.receipt(line.receiptNumber)})`;
    row(
      `${dayText(line.day)} · ${what}: ${line.description}${receipt}, ${money(line.amountCents)}`,
      money(line.feeCents),
    );
  }
  rule();
  const { totals } = statement;
  row(
    booksStrings.fees.figures.charged(statement.lines.filter((line) => line.kind === 'fee').length),
    money(totals.chargedCents),
  );
  row(
    booksStrings.fees.figures.returned(statement.lines.filter((line) => line.kind === 'returned').length),
    money(totals.returnedCents === 0 ? 0 : -totals.returnedCents),
  );
  row(booksStrings.fees.figures.net, money(totals.netCents), { bold: true });
  y += 2;
  text(totals.netGstCents === null ? booksStrings.fees.notRegistered : strings.includesGst(money(totals.netGstCents)), {
    bold: true,
  });
  y += 8;
  text(strings.footer, { sizePt: 9, muted: true });
}

/** A font file as the binary string jsPDF's virtual file system keeps. */
async function fontFile(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the statement font did not load (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return binary;
}
