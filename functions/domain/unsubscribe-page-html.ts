/**
 * The page a payment request's recipient opens from the email's footer, `/unsubscribe/{requestId}`
 * (docs/decisions.md #175): it asks before it does anything (a link scanner's GET unsubscribes nobody), with
 * one button to stop this business's requests and a short form to report the email. Drawn by the server,
 * with no script, as the receipt page is; both forms post to the API, which sends the browser back here (#271).
 */
import { BRAND_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { escapeHtml as text } from '@shared/escape-html';
import { endOfSentence } from '@shared/sentence-end';
import type { RecipientChoice, ReportReason } from './request-recipients';
import { serverPageDocument } from './server-page-document';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;background:#f6f7f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827;line-height:1.5}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px}
h1{font-size:1.375rem;margin:0 0 12px}h2{font-size:1.125rem;margin:24px 0 8px}
fieldset{border:none;padding:0;margin:0 0 16px}legend{font-weight:600;margin-bottom:8px}
label{display:flex;gap:8px;align-items:center;min-height:44px}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #0f766e;background:#0f766e;color:#fff;cursor:pointer;min-height:44px;width:100%}
button.secondary{background:#fff;color:#991b1b;border-color:#991b1b}
.brand{font-weight:700;color:#0f766e;margin:0 0 16px}.muted{color:#4b5563;font-size:.875rem}
`;

export const UNSUBSCRIBE_NOT_FOUND_TITLE = 'Payment request not found';

/** Every state of the page: the brand above its words, in the page's own frame. */
function documentOf(title: string, body: string): string {
  return serverPageDocument(title, STYLE, `<main>\n<p class="brand">${BRAND_NAME}</p>\n${body}\n</main>`);
}

const REASON_WORDS: Record<ReportReason, string> = {
  phishing: 'It looks like a scam or asks for my details',
  spam: 'It is spam',
  unknown_sender: "I don't know this business",
  other: 'Something else',
};

/** The report form: asked beside the unsubscribe, and still offered once unsubscribed. */
function reportSection(id: string, businessName: string): string {
  const reasons = (Object.keys(REASON_WORDS) as ReportReason[])
    .map(
      (reason, index) =>
        `<label><input type="radio" name="reason" value="${reason}"${index === 0 ? ' checked' : ''}> ${text(REASON_WORDS[reason])}</label>`,
    )
    .join('\n');
  return `<h2 id="report">Report this email</h2>
<p class="muted">If the email looks like a scam, tell us. We stop requests from ${text(businessName)} to you, and ${BRAND_NAME} reviews the business.</p>
<form method="post" action="/api/requests/${id}/report">
<input type="hidden" name="from" value="page">
<fieldset><legend>What is wrong with it?</legend>
${reasons}
</fieldset>
<button type="submit" class="secondary">Report as suspicious</button>
</form>
<p class="muted">Never pay, or type your card or bank details, on a page you reached from a message you did not expect.</p>`;
}

/**
 * The page at the email's link, as the recipient left it (docs/decisions.md #271): asking while they have
 * chosen nothing, else what they chose. Its forms' answers redirect here, so a reload only shows the result.
 */
export function unsubscribePage(requestId: string, businessName: string, choice: RecipientChoice): string {
  const id = encodeURIComponent(requestId);
  if (choice === 'reported') {
    return documentOf(
      'Thank you for reporting it',
      `<h1>Thank you for reporting it</h1>
<p>${BRAND_NAME} will not email you payment requests from ${text(businessName)} again, and our team will review the business.</p>
<p class="muted">Questions? ${SUPPORT_EMAIL}</p>`,
    );
  }
  if (choice === 'unsubscribed') {
    return documentOf(
      'You are unsubscribed',
      `<h1>You are unsubscribed</h1>
<p>${BRAND_NAME} will not email you payment requests or reminders from ${text(businessName)} again.</p>
<p class="muted">Receipts for payments you make still come to you. Questions? ${SUPPORT_EMAIL}</p>
${reportSection(id, businessName)}`,
    );
  }
  return documentOf(
    `Payment requests from ${businessName}`,
    `<h1>Stop payment requests from ${text(businessName)}?</h1>
<p>${text(businessName)} sent you a payment request through ${BRAND_NAME}. If you stop them, ${BRAND_NAME} will not email you another request or reminder from ${text(endOfSentence(businessName))}</p>
<form method="post" action="/api/requests/${id}/unsubscribe">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<input type="hidden" name="from" value="page">
<button type="submit">Stop requests from ${text(businessName)}</button>
</form>
${reportSection(id, businessName)}`,
  );
}

export function unsubscribeNotFoundPage(): string {
  return documentOf(
    UNSUBSCRIBE_NOT_FOUND_TITLE,
    `<h1>${UNSUBSCRIBE_NOT_FOUND_TITLE}</h1><p>The link may be incomplete. Copy the whole link from the email, or write to ${SUPPORT_EMAIL}.</p>`,
  );
}
