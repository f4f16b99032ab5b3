/**
 * The receipt page /r/{token} as HTML (docs/decisions.md #65): the payment's taxable supply information,
 * drawn on the server from the same ReceiptView as the receipt email. It stands alone (its own small
 * stylesheet, one tiny script for the Print and PDF buttons), so it prints as it shows and keeps working whatever the web app ships; the
 * print stylesheet drops the buttons and the page's margins. The PDF code is fetched only when asked for.
 *
 * Every merchant- or payer-entered string goes through `text()`.
 */
import { AMOUNT_WORDS } from '@shared/amount-words';
import { BRAND_NAME } from '@shared/brand';
import { escapeHtml } from '@shared/escape-html';
import { endOfSentence } from '@shared/sentence-end';
import {
  RECEIPT_DATA_ELEMENT_ID,
  RECEIPT_PDF_SCRIPT,
  jsonForScriptElement,
  type ReceiptDocument,
} from '@shared/receipt-document';
import type { ReceiptView } from './receipts';
import { serverPageDocument } from './server-page-document';

const text = escapeHtml;

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
body{margin:0;padding:24px 16px}
main{max-width:40rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1rem;margin:24px 0 8px}
p{margin:4px 0;line-height:1.5}
.muted{color:#475569}
.address{white-space:pre-line}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:16px 0}
dt{color:#475569}
dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin:16px 0}
th,td{padding:8px 0;border-bottom:1px solid #e2e8f0;text-align:left}
td.amount,th.amount{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:600;border-bottom:none}
.gst{font-weight:600}
.actions{margin-top:24px;display:flex;flex-wrap:wrap;gap:8px}
button.secondary{background:#fff;color:#0f766e}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #0f766e;background:#0f766e;color:#fff;cursor:pointer;min-height:44px}
footer{max-width:40rem;margin:16px auto 0;font-size:.875rem;color:#475569;text-align:center}
@media print{body{padding:0;background:#fff}main{border:none;padding:0}.actions,footer{display:none}}
`;

/** web/public/receipt-print.js: the Print button (the site allows no inline script). */
export const RECEIPT_PRINT_SCRIPT = '/receipt-print.js';

export const RECEIPT_NOT_FOUND_TITLE = 'Receipt not found';

/** The refunds since, each with its supply correction (the GST it takes back) when the merchant is registered. */
function corrections(view: ReceiptView): string {
  if (view.corrections.length === 0) return '';
  const rows = view.corrections
    .map(
      (correction) =>
        `<tr><td>${text(correction.date)}</td><td class="amount">${text(correction.refundText)}</td>${
          view.corrections.some((entry) => entry.gstText)
            ? `<td class="amount">${text(correction.gstText ?? '')}</td>`
            : ''
        }</tr>`,
    )
    .join('');
  const gstHeading = view.corrections.some((entry) => entry.gstText)
    ? '<th scope="col" class="amount">Supply correction</th>'
    : '';
  const reference =
    view.receiptNumber !== null ? `<p class="muted">Corrections to receipt number ${view.receiptNumber}.</p>` : '';
  return `<h2>Refunds</h2>${reference}<table><thead><tr><th scope="col">Date</th><th scope="col" class="amount">Refunded</th>${gstHeading}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The payer's answers to the merchant's questions: their own typed text, escaped like every other string. */
function answers(view: ReceiptView): string {
  if (view.answers.length === 0) return '';
  return `<h2>Your details</h2><dl>${view.answers.map(([label, value]) => `<dt>${text(label)}</dt><dd>${text(value)}</dd>`).join('')}</dl>`;
}

/** GET /r/{token}: the receipt, or a 404 page that says so. */
export function renderReceiptPage(view: ReceiptView | null): { status: number; html: string } {
  if (!view) {
    return {
      status: 404,
      html: serverPageDocument(
        `${RECEIPT_NOT_FOUND_TITLE} · ${BRAND_NAME}`,
        STYLE,
        `<main><h1>${RECEIPT_NOT_FOUND_TITLE}</h1><p>This receipt address is not one we know. Check the link in your receipt email.</p></main>`,
      ),
    };
  }
  const details: [string, string][] = [
    ...(view.receiptNumber !== null ? [['Receipt number', String(view.receiptNumber)] as [string, string]] : []),
    ['Date', view.date],
    ...(view.gstNumber ? [['GST number', view.gstNumber] as [string, string]] : []),
  ];
  const recipient = view.recipient
    ? `<h2>Customer</h2><p>${text(view.recipient.name ?? 'Name not given')}</p>${view.recipient.email ? `<p>${text(view.recipient.email)}</p>` : ''}`
    : '';
  // The PDF download draws these same words (docs/decisions.md #85); the type keeps the two in step.
  const footer = `${BRAND_NAME} issued this receipt for ${endOfSentence(view.supplierName)}`;
  const pdfData: ReceiptDocument = { ...view, footer };
  const body = `<main>
<p class="muted">Receipt</p>
<h1>${text(view.supplierName)}</h1>
${view.supplierAddress ? `<p class="muted address">${text(view.supplierAddress)}</p>` : ''}
<dl>${details.map(([label, value]) => `<dt>${text(label)}</dt><dd>${text(value)}</dd>`).join('')}</dl>
<p>${text(view.description)}</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="amount">${AMOUNT_WORDS.amount}</th></tr></thead>
<tbody>${view.lines.map(([label, amount]) => `<tr><td>${text(label)}</td><td class="amount">${text(amount)}</td></tr>`).join('')}</tbody>
<tfoot><tr><td>${AMOUNT_WORDS.total}</td><td class="amount">${text(view.totalText)}</td></tr></tfoot>
</table>
${view.gstStatement ? `<p class="gst">${text(view.gstStatement)}</p>` : ''}
${recipient}
${answers(view)}
${corrections(view)}
<div class="actions"><button type="button" data-print>Print or save as PDF</button><button type="button" class="secondary" data-pdf="${RECEIPT_PDF_SCRIPT}">Download PDF</button></div>
</main>
<script type="application/json" id="${RECEIPT_DATA_ELEMENT_ID}">${jsonForScriptElement(pdfData)}</script>
<footer>${text(footer)}</footer>
<script defer src="${RECEIPT_PRINT_SCRIPT}"></script>`;
  return { status: 200, html: serverPageDocument(`Receipt from ${view.supplierName} · ${BRAND_NAME}`, STYLE, body) };
}
