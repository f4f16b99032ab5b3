/**
 * The payment-request reminder schedule (docs/decisions.md #81): each due reminder is claimed with a
 * conditional write before its one email goes, read from the sparse `reminderDue` index (never a scan).
 */
import { sendEmail } from '../adapters/mailer';
import { merchantStore } from '../adapters/merchant-store';
import { log, observed } from '../adapters/observability';
import { paymentRequestStore } from '../adapters/payment-request-store';
import { requestRecipientStore } from '../adapters/request-recipient-store';
import { sendDueReminders } from '../domain/payment-requests';
import { ENV } from '../environment';

async function handle(): Promise<void> {
  const run = await sendDueReminders({
    requests: paymentRequestStore,
    merchants: merchantStore,
    recipients: requestRecipientStore,
    send: sendEmail,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now: new Date(),
    onFailure: (requestId, error) => log.warn('Request reminder not sent', { requestId, error: String(error) }),
  });
  if (run.due) log.info('Request reminders run', { ...run });
}

export const handler = observed(handle);
