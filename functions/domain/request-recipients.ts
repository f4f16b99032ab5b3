/**
 * Who may be sent a payment request (docs/decisions.md #175): each business's own suppression list (filled by
 * the email's unsubscribe and report links), abuse reports told to the operator, and the pause a report puts
 * on a business's requests — at the first report on a trial, at the third once subscribed.
 */
import { createHash } from 'node:crypto';
import { BRAND_NAME, SUPPORT_EMAIL } from '@shared/brand';
import {
  RECIPIENT_BOUNCED_MESSAGE,
  RECIPIENT_COMPLAINED_MESSAGE,
  RECIPIENT_UNSUBSCRIBED_MESSAGE,
  REQUESTS_PAUSED_MESSAGE,
} from '@shared/contracts/payment-requests';
import { businessNameOf } from './business-voice';
import { email, type Email } from './emails';
import { HttpError } from './http-error';
import { isSubscribed, type MerchantRecord, type MerchantRepository } from './merchants';
import type { PaymentRequestRecord } from './payment-requests';

/**
 * Why an address is on a business's suppression list: the recipient's own links (#175), or SES's word that it
 * bounced for good or that the recipient marked the email as spam (#201).
 */
export type SuppressionReason = 'unsubscribed' | 'reported' | 'bounced' | 'complained';

/** What the merchant is told when a request to a listed address is refused, by the first reason it was listed. */
const REFUSALS: Record<SuppressionReason, { code: string; message: string }> = {
  unsubscribed: { code: 'recipient_unsubscribed', message: RECIPIENT_UNSUBSCRIBED_MESSAGE },
  reported: { code: 'recipient_unsubscribed', message: RECIPIENT_UNSUBSCRIBED_MESSAGE },
  bounced: { code: 'recipient_bounced', message: RECIPIENT_BOUNCED_MESSAGE },
  complained: { code: 'recipient_complained', message: RECIPIENT_COMPLAINED_MESSAGE },
};

/** What a reminder ended unsent says to the merchant, by the same reason. */
export const REMINDER_SUPPRESSED_MESSAGES: Record<SuppressionReason, string> = {
  unsubscribed: 'The reminder was not sent: the customer asked not to get payment requests from you.',
  reported: 'The reminder was not sent: the customer asked not to get payment requests from you.',
  bounced: 'The reminder was not sent: email to this address bounced (it does not exist or takes no mail).',
  complained: 'The reminder was not sent: the customer marked an earlier email from you as spam.',
};

/** What a recipient may say when reporting (the page's choices); anything else is kept as `other`. */
export const REPORT_REASONS = ['phishing', 'spam', 'unknown_sender', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Reports that pause a business's requests: a trial's first, a subscriber's third (#175). */
export const REPORTS_TO_PAUSE = { trial: 1, subscribed: 3 } as const;

export interface RequestRecipientRepository {
  /**
   * Puts the address (by `recipientKey`) on the business's list for this reason; the same reason again changes
   * nothing and answers false.
   */
  suppress(merchantId: string, recipientKey: string, reason: SuppressionReason, at: string): Promise<boolean>;
  /** The first reason the address was listed for, or undefined when the business may email it. */
  suppressionOf(merchantId: string, recipientKey: string): Promise<SuppressionReason | undefined>;
  /** Every reason the address was listed for, the first first; none while the business may email it. */
  reasonsListed(merchantId: string, recipientKey: string): Promise<SuppressionReason[]>;
  /** Keeps one report per request; false when this request was reported already. */
  recordReport(request: PaymentRequestRecord, reason: ReportReason, at: string): Promise<boolean>;
  /** Counts one more report against the business and answers its count so far. */
  countReport(merchantId: string): Promise<number>;
  /** Pauses the business's requests (kept from the first pause); an operator removes it (docs/runbook.md). */
  pauseRequests(merchantId: string, at: string): Promise<void>;
  /** When the business's requests were paused, or null while they may send. */
  requestsPausedAt(merchantId: string): Promise<string | null>;
}

/** An address as the list keeps it: a hash of its lower case, so the list holds nobody's address. */
export function recipientKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
}

/** Refuses a request the business may not send: paused (403) or to an address on its list (409, saying why). */
export async function assertMayRequest(
  merchantId: string,
  payerEmail: string,
  recipients: RequestRecipientRepository,
): Promise<void> {
  if (await recipients.requestsPausedAt(merchantId)) {
    throw new HttpError(403, 'requests_paused', REQUESTS_PAUSED_MESSAGE);
  }
  const listed = await recipients.suppressionOf(merchantId, recipientKey(payerEmail));
  if (listed) {
    const { code, message } = REFUSALS[listed];
    throw new HttpError(409, code, message, { payerEmail: message });
  }
}

export interface RecipientChoiceDeps {
  requests: { get(requestId: string): Promise<PaymentRequestRecord | undefined> };
  recipients: RequestRecipientRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  now: Date;
}

const requestNotFound = () =>
  new HttpError(404, 'request_not_found', 'We could not find this payment request. The link may be incomplete.');

/** The request behind an email's link, and its business (for the page's words). */
export async function requestOfEmail(requestId: string, deps: Pick<RecipientChoiceDeps, 'requests' | 'merchants'>) {
  const request = await deps.requests.get(requestId);
  // Only real requests: the table also keeps quota#, unsub#, report# items, none of which has a payer.
  if (!request?.payerEmail || !request.merchantId) throw requestNotFound();
  return { request, businessName: businessNameOf(await deps.merchants.get(request.merchantId)) };
}

/** What the recipient already chose for this business on the unsubscribe page (docs/decisions.md #271). */
export type RecipientChoice = 'unsubscribed' | 'reported' | null;

/**
 * The unsubscribe page as the recipient left it: a form's answer redirects to the page (#271), which shows what
 * they chose (a report above all), or asks while they have chosen nothing (an SES bounce is not their choice).
 */
export async function unsubscribePageState(
  requestId: string,
  deps: Pick<RecipientChoiceDeps, 'requests' | 'merchants' | 'recipients'>,
): Promise<{ businessName: string; choice: RecipientChoice }> {
  const { request, businessName } = await requestOfEmail(requestId, deps);
  const reasons = await deps.recipients.reasonsListed(request.merchantId, recipientKey(request.payerEmail));
  const choice = reasons.includes('reported') ? 'reported' : reasons.includes('unsubscribed') ? 'unsubscribed' : null;
  return { businessName, choice };
}

/** The email's unsubscribe (page or one-click): this business never emails this address a request again. */
export async function unsubscribeFromRequests(requestId: string, deps: RecipientChoiceDeps) {
  const { request, businessName } = await requestOfEmail(requestId, deps);
  await deps.recipients.suppress(
    request.merchantId,
    recipientKey(request.payerEmail),
    'unsubscribed',
    deps.now.toISOString(),
  );
  return { businessName };
}

export interface AbuseReportDeps extends RecipientChoiceDeps {
  /** Emails the operator (Paylink's support address). */
  send(to: string, email: Email): Promise<void>;
  /** The operator's alarm: one log line per report (docs/runbook.md, "An abuse report"). */
  onReport(report: Record<string, unknown>): void;
}

/**
 * "Report this email as suspicious": the report kept once per request, the address suppressed for the
 * business, the operator emailed and alarmed, and the business's requests paused once its reports reach
 * REPORTS_TO_PAUSE. Its payment links are left alone: payers already paying must still be able to.
 */
export async function reportRequestEmail(requestId: string, reason: ReportReason, deps: AbuseReportDeps) {
  const { request, businessName } = await requestOfEmail(requestId, deps);
  const at = deps.now.toISOString();
  await deps.recipients.suppress(request.merchantId, recipientKey(request.payerEmail), 'reported', at);
  if (!(await deps.recipients.recordReport(request, reason, at))) return { businessName };
  const reports = await deps.recipients.countReport(request.merchantId);
  const merchant = await deps.merchants.get(request.merchantId);
  const threshold =
    merchant && isSubscribed(merchant.subscription) ? REPORTS_TO_PAUSE.subscribed : REPORTS_TO_PAUSE.trial;
  const paused = reports >= threshold;
  if (paused) await deps.recipients.pauseRequests(request.merchantId, at);
  const report = { merchantId: request.merchantId, requestId, reason, reports, paused };
  deps.onReport(report);
  try {
    await deps.send(SUPPORT_EMAIL, operatorEmail(request, merchant, businessName, report));
  } catch (error) {
    // The report is kept and its alarm line written; the reporter is not told of Paylink's own mail trouble.
    deps.onReport({ ...report, operatorEmailFailed: String(error) });
  }
  return { businessName };
}

function operatorEmail(
  request: PaymentRequestRecord,
  merchant: MerchantRecord | undefined,
  businessName: string,
  report: { reason: ReportReason; reports: number; paused: boolean },
): Email {
  return email(
    `Abuse report: ${businessName}`,
    'A payment request was reported',
    [
      `A recipient reported a payment request from ${businessName} as ${report.reason.replace('_', ' ')}.`,
      report.paused
        ? `The business's payment requests are now paused (${report.reports} report(s)). Review it, then lift the pause as docs/runbook.md says, or close the account.`
        : `Report ${report.reports} against this business; its requests pause at ${REPORTS_TO_PAUSE.subscribed}.`,
    ],
    {
      rows: [
        ['Merchant', request.merchantId],
        ['Account email', merchant?.email ?? 'unknown'],
        ['Plan', merchant && isSubscribed(merchant.subscription) ? 'subscribed' : 'trial'],
        ['Request', request.requestId],
        ['For', request.title],
        ['Note', request.note ?? '(none)'],
        ['Sent', request.createdAt],
      ],
    },
    `${BRAND_NAME} sends this to its operators for every report.`,
  );
}
