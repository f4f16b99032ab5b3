/**
 * What SES tells us about a payment request after sending it (docs/decisions.md #201): a hard bounce or a
 * complaint, published by the configuration set's event destination to EventBridge's default bus, where the
 * account's AWS services put their events. Only the fields Paylink reads; SES sends many more ("Contents of
 * event data that Amazon SES publishes", Amazon SES Developer Guide).
 */
import * as z from 'zod/mini';

/** EventBridge's source for SES's events, and the two detail types Paylink acts on. */
export const SES_EVENT_SOURCE = 'aws.ses';
export const EMAIL_BOUNCED = 'Email Bounced';
export const EMAIL_COMPLAINT_RECEIVED = 'Email Complaint Received';

/** The tags a request's email carries (SES `EmailTags`; SES publishes them as `mail.tags`), naming whose it is. */
export const MAIL_TAGS = { merchant: 'merchant', request: 'request' } as const;

const recipients = z.array(z.object({ emailAddress: z.string() }));

export const emailFeedbackSchema = z.object({
  eventType: z.string(),
  mail: z.object({
    messageId: z.string(),
    tags: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
  bounce: z.optional(z.object({ bounceType: z.string(), bouncedRecipients: recipients })),
  complaint: z.optional(z.object({ complainedRecipients: recipients })),
});
export type EmailFeedback = z.infer<typeof emailFeedbackSchema>;
