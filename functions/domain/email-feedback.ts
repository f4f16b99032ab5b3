/**
 * SES's word on a payment request's email after it was sent (docs/decisions.md #201): a hard bounce (the
 * address does not exist or takes no mail) or a complaint (the recipient marked it as spam) puts the address on
 * the sending business's suppression list (#175), which requests and reminders already honour. A soft bounce
 * (`Transient`, `Undetermined`) is SES still trying or unsure: nothing changes. An email without the request's
 * tags (a receipt, a sign-in link) names no business's list.
 */
import { MAIL_TAGS, type EmailFeedback } from '@shared/contracts/email-feedback';
import { recipientKey, type RequestRecipientRepository, type SuppressionReason } from './request-recipients';

export interface EmailFeedbackDeps {
  recipients: RequestRecipientRepository;
  now: Date;
  /** The operator's alarm line for a complaint (docs/runbook.md, "A complaint about a payment request"). */
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
  for (const { emailAddress } of addresses) {
    await deps.recipients.suppress(merchantId, recipientKey(emailAddress), reason, deps.now.toISOString());
  }
  if (complaint) {
    deps.onComplaint({ merchantId, requestId, messageId: feedback.mail.messageId, recipients: addresses.length });
  }
  return { merchantId, reason, listed: addresses.length };
}
