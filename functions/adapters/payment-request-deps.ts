import type { PaymentRequestDeps } from '../domain/payment-requests';
import { ENV } from '../environment';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
import { paymentLinkStore } from './payment-link-store';
import { paymentRequestStore } from './payment-request-store';
import { requestRecipientStore } from './request-recipient-store';

/** The request, link, merchant and recipient stores and the mailer, for sending a payment request. */
export function paymentRequestDeps(now = new Date()): PaymentRequestDeps {
  return {
    requests: paymentRequestStore,
    links: paymentLinkStore,
    merchants: merchantStore,
    recipients: requestRecipientStore,
    send: sendEmail,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now,
  };
}
