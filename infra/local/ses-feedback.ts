/**
 * SES's mailbox simulator in the local mailbox (docs/decisions.md #201): an email sent with a configuration set
 * to `bounce@simulator.amazonses.com` or `complaint@simulator.amazonses.com` (a `+label` allowed, as SES allows
 * it) comes back as SES's EventBridge event — "Email Bounced" (a hard bounce) or "Email Complaint Received" —
 * put on the local default bus, where the catalogue's rule takes it as the cloud's would. The same addresses
 * do the same on a deployed stage ("Using the mailbox simulator", Amazon SES Developer Guide).
 */
import {
  EMAIL_BOUNCED,
  EMAIL_COMPLAINT_RECEIVED,
  SES_EVENT_SOURCE,
  type EmailFeedback,
} from '@shared/contracts/email-feedback';

/** An event for the default bus, as the local bus's `put` takes it. */
export interface FeedbackEvent {
  source: string;
  'detail-type': string;
  resources: string[];
  detail: EmailFeedback & { mail: EmailFeedback['mail'] & { destination: string[]; timestamp: string } };
}

const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/** The feedback SES would publish for an SES v2 SendEmail request (its JSON body) that SES took as `messageId`. */
export function simulatedFeedback(requestBody: string, messageId: string, now = new Date()): FeedbackEvent[] {
  const sent = JSON.parse(requestBody || '{}') as {
    ConfigurationSetName?: string;
    Destination?: { ToAddresses?: string[] };
    EmailTags?: { Name: string; Value: string }[];
  };
  // SES publishes events only for an email sent with a configuration set that has a destination.
  if (!sent.ConfigurationSetName) return [];
  const destination = sent.Destination?.ToAddresses ?? [];
  const tags: Record<string, string[]> = { 'ses:configuration-set': [sent.ConfigurationSetName] };
  for (const { Name, Value } of sent.EmailTags ?? []) tags[Name] = [Value];
  const mail = { messageId, timestamp: now.toISOString(), destination, tags };
  return destination.flatMap((address): FeedbackEvent[] => {
    const kind = SIMULATOR.exec(address.trim())?.[1]?.toLowerCase();
    const recipient = [{ emailAddress: address }];
    const resources = [`arn:aws:ses:local:000000000000:configuration-set/${sent.ConfigurationSetName}`];
    if (kind === 'bounce') {
      return [
        {
          source: SES_EVENT_SOURCE,
          'detail-type': EMAIL_BOUNCED,
          resources,
          detail: { eventType: 'Bounce', mail, bounce: { bounceType: 'Permanent', bouncedRecipients: recipient } },
        },
      ];
    }
    if (kind === 'complaint') {
      return [
        {
          source: SES_EVENT_SOURCE,
          'detail-type': EMAIL_COMPLAINT_RECEIVED,
          resources,
          detail: { eventType: 'Complaint', mail, complaint: { complainedRecipients: recipient } },
        },
      ];
    }
    return [];
  });
}
