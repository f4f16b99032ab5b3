/**
 * Every email Paylink sends, as subject + HTML + text. Plain, readable, one button: people open these on
 * a phone between customers.
 */
import { AMOUNT_WORDS } from '@shared/amount-words';
import { BRAND_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { MAGIC_LINK_LIFETIME_MINUTES } from '@shared/contracts/auth';
import { dateTimeFormat } from '@shared/intl-formats';
import { formatMoney } from '@shared/money';
import { escapeHtml } from '@shared/escape-html';
import { endOfSentence } from '@shared/sentence-end';
import { contactLine, type BusinessContact, type EmailSender } from './business-voice';
import { rowsTable } from './email-rows-table';
import type { ReceiptView, SupplyCorrection } from './receipts';

export interface Email {
  subject: string;
  html: string;
  text: string;
  /** A payer's email speaks for the business: its name on Paylink's address, its Reply-To (#173). */
  sender?: EmailSender;
  /** Header fields of the sender's own (List-Unsubscribe and List-Unsubscribe-Post, #175). */
  headers?: { name: string; value: string }[];
  /** SES message tags, which SES hands back with a bounce or complaint: whose request it was (#201). */
  tags?: { name: string; value: string }[];
}

export interface EmailParts {
  /**
   * The one thing to do. `once` writes the URL a single time, as selectable text that mail apps turn into a
   * link, instead of a button plus the same URL written out: Cognito's emails carry the code placeholder
   * in the URL, and Cognito promises to replace the placeholder, not every copy of it (docs/decisions.md #67).
   */
  action?: { label: string; url: string; once?: boolean };
  /** Label/value lines shown as a table (a receipt's amounts). */
  rows?: [string, string][];
  /** The business a payer's email is from: the footer says how to reach it (docs/decisions.md #173). */
  contact?: BusinessContact | null;
  /** Small links under the footnote (a request's unsubscribe and report, docs/decisions.md #175). */
  footerLinks?: { label: string; url: string }[];
  /** A link that belongs with the paragraphs, under them: a recurring receipt's way to stop it (#157). */
  paragraphLink?: { label: string; url: string };
}

/** The footer's last words: the business's contact when a payer reads it, and Paylink's own support. */
function supportLine(contact: BusinessContact | null | undefined): string {
  return contact ? `${contactLine(contact)} About ${BRAND_NAME}: ${SUPPORT_EMAIL}` : `Questions? ${SUPPORT_EMAIL}`;
}

function layout(heading: string, paragraphs: string[], parts: EmailParts, footnote: string): string {
  const { action, rows, contact, footerLinks, paragraphLink: link } = parts;
  const linked = link && `<a href="${escapeHtml(link.url)}" style="color:#0f766e">${escapeHtml(link.label)}</a>`;
  const body = [...paragraphs.map((p) => escapeHtml(p)), ...(linked ? [linked] : [])]
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`)
    .join('');
  const table = rows ? rowsTable(rows) : '';
  const button = action?.once
    ? `<p style="margin:24px 0 8px">${escapeHtml(action.label)}:</p>
<p style="margin:0 0 16px;padding:12px;background:#f0fdfa;border-radius:8px;font-size:15px;color:#0f766e;text-decoration:underline;word-break:break-all">${escapeHtml(action.url)}</p>`
    : action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
      : '';
  // Narrow margins: on a 390 px phone the card keeps 324 px for its table, room for "Transaction ID" beside
  // a payment's id on one line each.
  return `<!doctype html><html><body style="margin:0;padding:16px 8px;background:#f6f7f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px">
<p style="margin:0 0 24px;font-weight:700;color:#0f766e">${BRAND_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${body}
${table}${button}
<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footnote)} ${escapeHtml(supportLine(contact))}</p>
${(footerLinks ?? []).map((link) => `<p style="margin:8px 0 0;font-size:13px"><a href="${escapeHtml(link.url)}" style="color:#6b7280">${escapeHtml(link.label)}</a></p>`).join('')}
</div></body></html>`;
}

/** An email in the house layout: one heading, paragraphs, rows, one action and a footnote, as HTML and text. */
export function email(
  subject: string,
  heading: string,
  paragraphs: string[],
  parts: EmailParts,
  footnote: string,
): Email {
  const rows = (parts.rows ?? []).map(([label, value]) => `${label}: ${value}`);
  const action = parts.action ? [`${parts.action.label}: ${parts.action.url}`] : [];
  const inline = parts.paragraphLink;
  const said = inline ? [...paragraphs, `${inline.label}: ${inline.url}`] : paragraphs;
  const links = (parts.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`);
  const footer = parts.contact ? [footnote, supportLine(parts.contact), ...links] : [footnote, ...links];
  return {
    subject,
    html: layout(heading, paragraphs, parts, footnote),
    text: [heading, '', ...said, ...(rows.length ? ['', ...rows] : []), '', ...action, '', ...footer].join('\n'),
  };
}

export function magicLinkEmail(link: string): Email {
  return email(
    `Your ${BRAND_NAME} sign-in link`,
    `Sign in to ${BRAND_NAME}`,
    [`Use this link to sign in. It works once and expires in ${MAGIC_LINK_LIFETIME_MINUTES} minutes.`],
    { action: { label: `Sign in to ${BRAND_NAME}`, url: link } },
    "If you didn't ask to sign in, ignore this email: nobody can use the link without access to your inbox.",
  );
}

/** A succeeded payment as both its emails describe it: the payer's receipt and the merchant's notice. */
interface PaidPayment {
  /** The link's title when paid. */
  item: string;
  currency: string;
  baseCents: number;
  tipCents: number;
  totalCents: number;
  paidAt: string;
  timeZone: string;
  transactionId: string;
}

/** The item, its tip (when there was one), the total and when it was paid, in the merchant's time zone. */
function paidRows(payment: PaidPayment): [string, string][] {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const paidAt = dateTimeFormat('en-NZ', {
    timeZone: payment.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(payment.paidAt));
  return [
    [payment.item, money(payment.baseCents)],
    ...(payment.tipCents > 0 ? [[AMOUNT_WORDS.tip, money(payment.tipCents)] as [string, string]] : []),
    [AMOUNT_WORDS.total, money(payment.totalCents)],
    ['Date', paidAt],
  ];
}

export interface ReceiptDetails extends PaidPayment {
  businessName: string;
  /** The merchant's reference from the link (an invoice number), when it had one. */
  reference?: string | null;
  /** The payer's answers to the link's questions and their phone, label/value (docs/decisions.md #76). */
  answers?: [string, string][];
  card: string | null;
  /** Stripe's own receipt for the charge, when Stripe gave one. */
  stripeReceiptUrl: string | null;
  /** The taxable supply information the payment's tier needs (receipts.ts), and the receipt page's address. */
  supply?: Pick<ReceiptView, 'supplierName' | 'receiptNumber' | 'gstNumber' | 'gstStatement' | 'recipient'>;
  receiptPageUrl?: string | null;
  /** How the payer reaches the business (Settings' business details), for the footer. */
  contact?: BusinessContact | null;
  /**
   * A recurring link's payment (docs/decisions.md #157): what repeats ("NZD $25.00 every week") and the
   * address that opens Stripe's billing portal for the payer, to cancel or change their card.
   */
  recurring?: { terms: string; manageUrl: string } | null;
}

/** The payer's receipt, in the merchant's currency and time zone. */
export function paymentReceiptEmail(receipt: ReceiptDetails): Email {
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  const rows: [string, string][] = [
    ...paidRows(receipt),
    ...(receipt.card ? [['Paid with', receipt.card] as [string, string]] : []),
    ['Transaction ID', receipt.transactionId],
    ...(receipt.reference ? [['Reference', receipt.reference] as [string, string]] : []),
    ...(receipt.answers ?? []),
    ...supplyRows(receipt.supply),
  ];
  const action = receipt.receiptPageUrl
    ? { label: 'View or print your receipt', url: receipt.receiptPageUrl }
    : receipt.stripeReceiptUrl && { label: 'View the card receipt', url: receipt.stripeReceiptUrl };
  return email(
    `Your receipt from ${receipt.businessName}`,
    `Receipt from ${receipt.businessName}`,
    [
      `Thank you for your payment of ${money(receipt.totalCents)}.`,
      ...(receipt.supply?.gstStatement ? [receipt.supply.gstStatement] : []),
      ...(receipt.recurring ? [`This payment repeats: ${receipt.recurring.terms}.`] : []),
    ],
    { rows, ...(action && { action }), contact: receipt.contact, paragraphLink: manageLinkOf(receipt.recurring) },
    `${BRAND_NAME} sent this receipt for ${receipt.businessName} because you paid them through ${BRAND_NAME}.`,
  );
}

/** A recurring payment's receipt: a link to tap, to stop it or change the card without the merchant (#157). */
const manageLinkOf = (recurring: ReceiptDetails['recurring']) =>
  recurring ? { label: 'Cancel or change your card at any time', url: recurring.manageUrl } : undefined;

export interface PaymentReceivedDetails extends PaidPayment {
  reference: string | null;
  /** The payer as the receipt names them (`Name not given` when Checkout had no name). */
  payerName: string | null;
  payerEmail: string | null;
  /** The payer's answers to the link's questions, then their phone, label/value (receipts.ts answersOfPayment). */
  answers: [string, string][];
  /** The payment in Transactions. */
  transactionsUrl: string;
}

/**
 * The merchant's 'Payment received' email, one per succeeded payment unless they turned it off in Settings
 * (docs/decisions.md #93). Everything the payer typed is escaped by the layout, as in every email.
 */
export function paymentReceivedEmail(payment: PaymentReceivedDetails): Email {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const rows: [string, string][] = [
    ...paidRows(payment),
    ['Customer', payment.payerName ?? 'Name not given'],
    ...(payment.payerEmail ? [['Customer email', payment.payerEmail] as [string, string]] : []),
    ['Transaction ID', payment.transactionId],
    ...(payment.reference ? [['Reference', payment.reference] as [string, string]] : []),
    ...payment.answers,
  ];
  return email(
    `Payment received: ${AMOUNT_WORDS.totalFigure(money(payment.totalCents))} for ${payment.item}`,
    'Payment received',
    [
      `You received ${AMOUNT_WORDS.totalWithTip(money(payment.totalCents), payment.tipCents > 0 ? money(payment.tipCents) : null)} for ${endOfSentence(payment.item)}`,
    ],
    { rows, action: { label: 'View in Transactions', url: payment.transactionsUrl } },
    `${BRAND_NAME} emails you each payment you receive. Turn this off in Settings → Email notifications.`,
  );
}

/** Receipt number, supplier, GST number and customer, as far as the tier asks (docs/decisions.md #64). */
function supplyRows(supply: ReceiptDetails['supply']): [string, string][] {
  if (!supply) return [];
  const rows: [string, string][] = [['Supplier', supply.supplierName]];
  if (supply.receiptNumber !== null) rows.push(['Receipt number', String(supply.receiptNumber)]);
  if (supply.gstNumber) rows.push(['GST number', supply.gstNumber]);
  if (supply.recipient) {
    rows.push(['Customer', supply.recipient.name ?? 'Name not given']);
    if (supply.recipient.email) rows.push(['Customer email', supply.recipient.email]);
  }
  return rows;
}

export interface RefundNoticeDetails {
  businessName: string;
  item: string;
  currency: string;
  refundCents: number;
  totalCents: number;
  transactionId: string;
  /** Stripe's card receipt, which shows the refund too. */
  stripeReceiptUrl: string | null;
  /** Supply correction information, when the merchant is registered for GST (receipts.ts). */
  correction?: SupplyCorrection | null;
  receiptPageUrl?: string | null;
  contact?: BusinessContact | null;
}

/** The payer's short notice that a refund succeeded: what, how much, and when it shows on the card. */
export function refundNoticeEmail(notice: RefundNoticeDetails): Email {
  const money = (cents: number) => formatMoney(cents, notice.currency);
  const full = notice.refundCents >= notice.totalCents;
  return email(
    `${notice.businessName} refunded ${money(notice.refundCents)}`,
    `Refund from ${notice.businessName}`,
    [
      `${notice.businessName} has refunded ${money(notice.refundCents)} of your ${money(notice.totalCents)} payment${full ? '' : ' (a partial refund)'}.`,
      'The refund goes back to the card you paid with. Your bank usually shows it within 5 to 10 business days.',
      ...(notice.correction
        ? [`Supply correction: this refund reduces the GST you paid by ${money(notice.correction.gstCorrectionCents)}.`]
        : []),
    ],
    {
      rows: [
        [notice.item, money(notice.totalCents)],
        ['Refunded', money(notice.refundCents)],
        ['Transaction ID', notice.transactionId],
        ...correctionRows(notice.correction, money),
      ],
      ...(notice.receiptPageUrl
        ? { action: { label: 'View your receipt and its corrections', url: notice.receiptPageUrl } }
        : notice.stripeReceiptUrl && { action: { label: 'View the card receipt', url: notice.stripeReceiptUrl } }),
      contact: notice.contact,
    },
    `${BRAND_NAME} sent this notice for ${notice.businessName} because you paid them through ${BRAND_NAME}.`,
  );
}

/** Supply correction information: supplier, GST number, the original receipt, the date and the GST corrected. */
function correctionRows(correction: SupplyCorrection | null | undefined, money: (cents: number) => string) {
  if (!correction) return [];
  const rows: [string, string][] = [['Supplier', correction.supplierName]];
  if (correction.gstNumber) rows.push(['GST number', correction.gstNumber]);
  if (correction.originalReceiptNumber !== null)
    rows.push(['Original receipt number', String(correction.originalReceiptNumber)]);
  rows.push(['Correction date', correction.date], ['GST correction', `-${money(correction.gstCorrectionCents)}`]);
  return rows;
}

export function firstNameOf(fullName: string | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] ?? '';
}

/**
 * The mail service refused a message for a reason sending it again cannot fix: the sending identity is
 * not verified yet, the account is still in SES's sandbox (only verified recipients), or sending is
 * paused. Until an operator acts, every retry would be refused the same way, so callers record it where
 * the merchant can see it and carry on, instead of retrying (a consumer would only end in dead letters).
 */
export class EmailRefusedError extends Error {
  constructor(
    /** The mail service's own words (SES's error message). */
    readonly serviceMessage: string,
    /** SES's error name, e.g. MessageRejected. */
    readonly code: string,
  ) {
    super(`Email refused (${code}): ${serviceMessage}`);
    this.name = 'EmailRefusedError';
  }

  /** What the merchant is shown: what happened, why, and what fixes it. */
  get reason(): string {
    const why = /not verified/i.test(this.serviceMessage)
      ? "Paylink's email (Amazon SES) is not set up to send to this address yet: the sending identity is unverified or the account is still in SES's sandbox, which only sends to verified addresses."
      : /not authorized/i.test(this.serviceMessage)
        ? "Paylink's email (Amazon SES) is not allowed to send to this address yet: in SES's sandbox, sending needs permission on the recipient's identity too, which Paylink's grant does not give."
        : "Paylink's email (Amazon SES) refused the message.";
    return `${why} (${this.code}: ${this.serviceMessage})`;
  }
}

/**
 * The mail service may have taken the message, but its answer never came (a timeout or a connection reset
 * after the request went out). Sending it again could deliver it twice, so a caller that must send at most
 * once keeps it as sent (docs/decisions.md #117).
 */
export class EmailUncertainError extends Error {
  constructor(cause: unknown) {
    super(`Email may have been sent; the mail service did not answer (${String(cause)})`, { cause });
    this.name = 'EmailUncertainError';
  }
}

/**
 * An invitation to join a business's team (docs/decisions.md #161): one link, good once, for 7 days. It names
 * who sent it and for which business; both names were typed by the inviting side and reach an address that
 * never asked for mail, so they come here defused, as a request's are (#270).
 */
export function teamInvitationEmail(invitation: {
  businessName: string;
  inviterName: string;
  roleLabel: string;
  days: number;
  link: string;
}) {
  return email(
    `Join ${invitation.businessName} on ${BRAND_NAME}`,
    `You're invited to ${invitation.businessName}`,
    [
      `${invitation.inviterName} invited you to join ${invitation.businessName} on ${BRAND_NAME} as ${invitation.roleLabel}.`,
      `Open the link, then sign up or sign in with this email address to join. It works once and expires in ${invitation.days} days.`,
    ],
    { action: { label: `Join ${invitation.businessName}`, url: invitation.link } },
    "If you don't know this business, ignore this email: nobody joins without the link.",
  );
}
