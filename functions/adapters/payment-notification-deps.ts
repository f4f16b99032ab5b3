import type { EmailRefusedError } from '../domain/emails';
import type { PaymentNotificationDeps } from '../domain/payment-notifications';
import { ENV } from '../environment';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
import { log } from './observability';
import { paymentStore } from './payment-store';

/**
 * The merchant's 'Payment received' email: the merchant and payment stores, SES, and the app's origin for
 * the payment's address in Transactions. A refusal (SES not set up) is logged with SES's reason and not
 * retried; any other failure is the consumer's to retry (payment-notifications.ts).
 */
export function paymentNotificationDeps(now = new Date()): PaymentNotificationDeps {
  return {
    merchants: merchantStore,
    payments: paymentStore,
    send: sendEmail,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now,
    onRefused(error: EmailRefusedError, paymentId: string) {
      log.error('Payment received email refused by the mail service', {
        paymentId,
        code: error.code,
        error: error.serviceMessage,
      });
    },
  };
}
