import { EmailRefusedError, type Email } from '../domain/emails';
import type { MagicLinkRequestDeps } from '../domain/magic-links';
import { ENV } from '../environment';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
import { log } from './observability';
import { oneTimeRecordStore } from './one-time-record-store';
import { readSecret } from './secrets';

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

/** Emailing a sign-in link: the link key, the once-a-minute claims, the merchant store, SES and the app's origin. */
export async function magicLinkRequestDeps(now = new Date()): Promise<MagicLinkRequestDeps> {
  return {
    key: await readSecret('magic-link-key'),
    records: oneTimeRecordStore,
    merchants: merchantStore,
    sendEmail: sendOrLogRefusal,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now,
  };
}
