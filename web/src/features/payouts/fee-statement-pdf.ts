/**
 * Paylink's fee statement as an A4 PDF, drawn in the browser with jsPDF in Inter as the receipt's PDF is
 * (docs/decisions.md #85), from the statement the server worked out — it never works out a figure itself.
 * Top to bottom: Paylink and its GST number (or that it is not registered), the date and period, the
 * merchant it is addressed to, each fee and fee given back, the totals and the GST they include. Loaded
 * only by a dynamic import on the first download, so jsPDF and the fonts stay out of the Payouts chunk.
 */
import type { jsPDF } from 'jspdf';
import { flowingA4 } from '@web/lib/pdf/flowing-a4';
import { createInterPdf } from '@web/lib/pdf/inter-pdf';
import type { FeeStatement } from '@shared/contracts/paylink-fees';
import { feeStatementTitle } from '@shared/fee-statement-csv';
import { periodLabel } from '@shared/gst-periods';
import { formatMoney } from '@shared/money';
import { booksStrings } from './books-strings';

const strings = booksStrings.pdf;

const dayText = (day: string) => day.split('-').reverse().join('/');

export async function createFeeStatementPdf(statement: FeeStatement): Promise<Blob> {
  const month = periodLabel({ firstMonth: statement.month, lastMonth: statement.month });
  const doc = await createInterPdf('a4', {
    title: `${feeStatementTitle(statement)}, ${month}`,
    author: statement.supplier.name,
  });
  drawStatement(doc, statement, month);
  return doc.output('blob');
}

function drawStatement(doc: jsPDF, statement: FeeStatement, month: string) {
  const { text, row, rule, gap } = flowingA4(doc, { rowSizePt: 10 });
  const money = (cents: number) => formatMoney(cents, statement.currency);

  text(feeStatementTitle(statement), { muted: true });
  text(statement.supplier.name, { sizePt: 20, bold: true });
  text(
    statement.supplier.gstNumber
      ? `${strings.gstNumber} ${statement.supplier.gstNumber}`
      : booksStrings.fees.notRegistered,
    { muted: true },
  );
  gap(4);
  row(strings.period, `${month} (${dayText(statement.fromDay)} – ${dayText(statement.toDay)})`, { muted: true });
  row(strings.issued, dayText(statement.issuedDay), { muted: true });
  gap(4);
  text(strings.to, { sizePt: 12, bold: true });
  text(statement.recipient.name);
  if (statement.recipient.address) text(statement.recipient.address);
  text(statement.recipient.email);
  gap(4);
  text(strings.description);
  gap(4);

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
  gap(2);
  text(totals.netGstCents === null ? booksStrings.fees.notRegistered : strings.includesGst(money(totals.netGstCents)), {
    bold: true,
  });
  gap(8);
  text(strings.footer, { sizePt: 9, muted: true });
}
