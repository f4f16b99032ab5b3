/**
 * The receipt page's PDF data (docs/decisions.md #85): the page carries the receipt's words as JSON that
 * reads back exactly, and that no merchant- or payer-entered text can end early to run as a script.
 */
import { describe, expect, it } from 'vitest';
import { renderReceiptPage } from '@functions/domain/receipt-page-html';
import type { ReceiptView } from '@functions/domain/receipts';
import { RECEIPT_DATA_ELEMENT_ID, RECEIPT_PDF_SCRIPT } from '@shared/receipt-document';

const hostile = '</script><script>alert(1)</script>\u2028Kōwhai';
const view: ReceiptView = {
  supplierName: hostile,
  supplierAddress: '1 Queen St',
  gstNumber: '49-091-850',
  receiptNumber: 12,
  date: '28 November 2026',
  description: 'Catering platter',
  lines: [['Catering platter', '$230.00']],
  totalText: '$230.00',
  gstStatement: 'The total includes GST $30.00',
  recipient: null,
  corrections: [{ date: '28 November 2026', refundText: '$23.00', gstText: 'GST corrected by $3.00' }],
  answers: [['Name on the cake', hostile]],
};

describe('the receipt page’s PDF data', () => {
  const { html } = renderReceiptPage(view);
  const opening = `<script type="application/json" id="${RECEIPT_DATA_ELEMENT_ID}">`;
  const json = html.slice(html.indexOf(opening) + opening.length, html.indexOf('</script>', html.indexOf(opening)));

  it('reads back as the receipt the page shows, with the page’s footer', () => {
    expect(JSON.parse(json)).toEqual({ ...view, footer: `Paylink issued this receipt for ${hostile}.` });
  });

  it('cannot be ended early by what a merchant typed', () => {
    expect(json).not.toContain('<');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('offers the PDF beside Print, loading its code only when asked', () => {
    expect(html).toContain(`data-pdf="${RECEIPT_PDF_SCRIPT}"`);
    expect(html).not.toContain(`src="${RECEIPT_PDF_SCRIPT}"`);
  });
});
