import { checkoutSessionIdSchema, receiptRequestSchema } from '@shared/contracts/checkout';
import { sendEmail } from '../adapters/mailer';
import { ENV } from '../environment';
import { merchantStore } from '../adapters/merchant-store';
import { log } from '../adapters/observability';
import { paymentStore } from '../adapters/payment-store';
import { EmailRefusedError } from '../domain/emails';
import { HttpError } from '../domain/http-error';
import { sendPaymentReceipt } from '../domain/payment-results';
import { clientAddressOf } from './client-address';
import { httpHandler, jsonBody } from './http-handler';

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

export const handler = httpHandler(async (event) => {
  const sessionId = checkoutSessionIdSchema.safeParse(event.pathParameters?.sessionId);
  if (!sessionId.success) throw new HttpError(404, 'payment_not_found', 'We could not find this payment.');
  const { email } = receiptRequestSchema.parse(jsonBody(event));
  const deps = {
    payments: paymentStore,
    merchants: merchantStore,
    send: sendOrExplain,
    appOrigin: process.env[ENV.appOrigin] ?? '',
  };
  const client = clientAddressOf(event);
  try {
    const { paymentId, ...sent } = await sendPaymentReceipt(sessionId.data, email, deps);
    // Who asked, for which payment; never the address (docs/decisions.md #69).
    log.info('Receipt sent', { paymentId, client });
    return { status: 202, body: sent };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      log.warn('Receipt refused', { code: error.code, client });
    }
    throw error;
  }
});
