import type { AbuseReportDeps } from '../domain/request-recipients';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
import { log } from './observability';
import { paymentRequestStore } from './payment-request-store';
import { requestRecipientStore } from './request-recipient-store';

/**
 * A request's recipient unsubscribing or reporting it (docs/decisions.md #175): the request, recipient and
 * merchant stores, and for a report the operator's email and alarm line.
 */
export function requestRecipientDeps(now = new Date()): AbuseReportDeps {
  return {
    requests: paymentRequestStore,
    recipients: requestRecipientStore,
    merchants: merchantStore,
    send: sendEmail,
    // The operator's alarm (docs/runbook.md, "An abuse report"): one error line per report.
    onReport: (report) => log.error('Abuse report on a payment request', report),
    now,
  };
}
