import { EmailRefusedError } from '../domain/emails';
import type { PayerReceiptDeps } from '../domain/receipt-sending';
import { HttpError } from '../domain/http-error';
import { ENV } from '../environment';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
import { log } from './observability';
import { paymentStore } from './payment-store';

/** The product's words when the email could not be sent. */
const RECEIPT_FAILED_MESSAGE = 'Failed to send receipt. Please try again.';

async function sendOrExplain(...args: Parameters<typeof sendEmail>) {
  try {
    await sendEmail(...args);
  } catch (error) {
    if (error instanceof EmailRefusedError) {
      // Until an operator verifies SES (or leaves its sandbox): the domain notes it on the payment and
      // answers the payer in words; the log names SES's reason.
      log.error('Receipt email refused by the mail service', { code: error.code, error: error.serviceMessage });
      throw error;
    }
    log.error('Receipt email failed', { error: String(error) });
    throw new HttpError(502, 'email_failed', RECEIPT_FAILED_MESSAGE);
  }
}

/** What sending a receipt needs: the payer's (success page) and the merchant's (Transactions) alike. */
export function receiptDeps() {
  return {
    payments: paymentStore,
    merchants: merchantStore,
    send: sendOrExplain,
    appOrigin: process.env[ENV.appOrigin] ?? '',
  };
}

/**
 * The receipt sent unasked when a payment succeeds (docs/decisions.md #172): SES as it answers, since the
 * domain tells a refusal, a lost answer and a failure to retry apart itself.
 */
export function payerReceiptDeps(now = new Date()): PayerReceiptDeps {
  return {
    payments: paymentStore,
    merchants: merchantStore,
    send: sendEmail,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now,
  };
}
