/**
 * What the receipt page /r/{token} hands its PDF download (docs/decisions.md #85): the receipt's words
 * exactly as the server worked them out for the page (functions/domain/receipts.ts, ReceiptView), carried
 * in the page as JSON so the PDF says what the page says, to the cent, without asking the API again.
 */
export interface ReceiptDocument {
  supplierName: string;
  supplierAddress: string | null;
  gstNumber: string | null;
  receiptNumber: number | null;
  date: string;
  description: string;
  lines: [string, string][];
  totalText: string;
  gstStatement: string | null;
  recipient: { name: string | null; email: string | null } | null;
  corrections: { date: string; refundText: string; gstText: string | null }[];
  /** The payer's answers to the link's questions, then their phone: label/value, as the page lists them. */
  answers: [string, string][];
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
