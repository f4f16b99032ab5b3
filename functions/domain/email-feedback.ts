/**
 * SES's word on a payment request's email after it was sent (docs/decisions.md #201): a hard bounce (the
 * address does not exist or takes no mail) or a complaint (the recipient marked it as spam) puts the address on
 * the sending business's suppression list (#175), which requests and reminders already honour. A soft bounce
 * (`Transient`, `Undetermined`) is SES still trying or unsure: nothing changes. An email without the request's
 * tags (a receipt, a sign-in link) names no business's list. Idempotent: each address is listed once per reason,
 * and a complaint is emailed to the operator only when it listed someone.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { MAIL_TAGS, type EmailFeedback } from '@shared/contracts/email-feedback';
import { email, type Email } from './emails';
import { recipientKey, type RequestRecipientRepository, type SuppressionReason } from './request-recipients';

export interface EmailFeedbackDeps {
  recipients: RequestRecipientRepository;
  now: Date;
  /** Emails the operator (Paylink's support address) about a complaint. */
  send(to: string, email: Email): Promise<void>;
  /** The operator's log line for a complaint (docs/runbook.md, "A complaint about a payment request"). */
  onComplaint(complaint: Record<string, unknown>): void;
}

/** What SES's feedback came to: the addresses listed for a business, and why. */
export interface FeedbackOutcome {
  merchantId?: string;
  reason?: SuppressionReason;
  listed: number;
}

export async function recordEmailFeedback(feedback: EmailFeedback, deps: EmailFeedbackDeps): Promise<FeedbackOutcome> {
  const merchantId = feedback.mail.tags?.[MAIL_TAGS.merchant]?.[0];
  const requestId = feedback.mail.tags?.[MAIL_TAGS.request]?.[0];
  const hardBounce = feedback.eventType === 'Bounce' && feedback.bounce?.bounceType === 'Permanent';
  const complaint = feedback.eventType === 'Complaint';
  if (!merchantId || (!hardBounce && !complaint)) return { listed: 0 };

  const reason: SuppressionReason = complaint ? 'complained' : 'bounced';
  const addresses = (complaint ? feedback.complaint?.complainedRecipients : feedback.bounce?.bouncedRecipients) ?? [];
  let newlyListed = 0;
  for (const { emailAddress } of addresses) {
    if (await deps.recipients.suppress(merchantId, recipientKey(emailAddress), reason, deps.now.toISOString())) {
      newlyListed += 1;
    }
  }
  // A redelivered complaint lists nobody new: the operator hears of each complaint once.
  if (complaint && newlyListed > 0) {
    const told = { merchantId, requestId, messageId: feedback.mail.messageId, recipients: addresses.length };
    deps.onComplaint(told);
    try {
      await deps.send(SUPPORT_EMAIL, complaintEmail(merchantId, requestId, feedback.mail.messageId));
    } catch (error) {
      // The address is listed and the line logged; a retry would list nothing more and email twice.
      deps.onComplaint({ ...told, operatorEmailFailed: String(error) });
    }
  }
  return { merchantId, reason, listed: addresses.length };
}

function complaintEmail(merchantId: string, requestId: string | undefined, messageId: string): Email {
  return email(
    `Complaint about a payment request: ${merchantId}`,
    'A payment request was marked as spam',
    [
      "A recipient marked a payment request's email as spam in their mail app; SES passed the complaint on.",
      "The address is off this business's list. Look at the request and the business as docs/runbook.md says (A complaint about a payment request).",
    ],
    {
      rows: [
        ['Merchant', merchantId],
        ['Request', requestId ?? 'unknown'],
        ['SES message', messageId],
      ],
    },
    `${BRAND_NAME} sends this to its operators for every complaint.`,
  );
}
