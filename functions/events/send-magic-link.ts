/**
 * `Magic Link Requested` (from POST /api/auth/magic-link): emails a sign-in link if the address is a
 * merchant's, at most once a minute. The per-minute claim also makes a redelivered event a no-op.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { magicLinkRequestedDetailSchema } from '@shared/contracts/auth';
import { ENV } from '../environment';
import { sendEmail } from '../adapters/mailer';
import { merchantStore } from '../adapters/merchant-store';
import { oneTimeRecordStore } from '../adapters/one-time-record-store';
import { readSecret } from '../adapters/secrets';
import { EmailRefusedError, type Email } from '../domain/emails';
import { requestMagicLink } from '../domain/magic-links';
import { log, observed } from '../adapters/observability';

/**
 * A refusal (SES not yet verified, or in its sandbox) is logged and not retried: every retry would be
 * refused alike and end as a dead letter, while the merchant can ask again once email is set up.
 */
async function sendOrLogRefusal(to: string, email: Email): Promise<void> {
  try {
    await sendEmail(to, email);
  } catch (error) {
    if (!(error instanceof EmailRefusedError)) throw error;
    log.error('Magic-link email refused by the mail service', { code: error.code, error: error.serviceMessage });
  }
}

async function handle(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const parsed = magicLinkRequestedDetailSchema.safeParse(event.detail);
  if (!parsed.success) {
    // Only our own request handler publishes this, after parsing the same schema: a retry cannot fix it.
    log.warn('Malformed magic-link request dropped', { eventId: event.id });
    return;
  }
  await requestMagicLink(parsed.data.email, {
    key: await readSecret('magic-link-key'),
    records: oneTimeRecordStore,
    merchants: merchantStore,
    sendEmail: sendOrLogRefusal,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now: new Date(),
  });
}

export const handler = observed(handle);
