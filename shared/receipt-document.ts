/**
 * What the receipt page /r/{token} hands its PDF download (docs/decisions.md #85): the receipt's words
 * exactly as the server worked them out for the page (functions/domain/receipts.ts, ReceiptView), carried
 * in the page as JSON so the PDF says what the page says, to the cent, without asking the API again.
 */
export interface ReceiptDocument {
  supplierName: string;
  supplierAddress: string | null;
  /** Shown from over $200 for a registered merchant. */
  gstNumber: string | null;
  receiptNumber: number | null;
  date: string;
  description: string;
  /** Label/amount lines: the item, the tip, the total. */
  lines: [string, string][];
  totalText: string;
  /** "The total includes GST $30.00": from over $200 for a registered merchant; never when not registered. */
  gstStatement: string | null;
  /** Over $1,000: the payer's name and email. */
  recipient: { name: string | null; email: string | null } | null;
  /** The payer's answers to the link's questions, then their phone: label/value, as they gave them (#76). */
  answers: [string, string][];
  /** Each succeeded refund, oldest first, with its supply correction when the merchant is registered. */
  corrections: { date: string; refundText: string; gstText: string | null }[];
  /** "Paylink issued this receipt for …": the page's footer. */
  footer: string;
}

/** The element whose text is the page's ReceiptDocument as JSON. */
export const RECEIPT_DATA_ELEMENT_ID = 'receipt-data';

/** The PDF module, built from web/src/features/receipt-pdf at a name of its own (web/vite.config.ts). */
export const RECEIPT_PDF_SCRIPT = '/receipt-pdf.js';

/** JSON that can sit inside a <script> element: no `<` can end it early. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
