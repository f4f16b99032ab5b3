import { checkoutSessionIdSchema, receiptRequestSchema } from '@shared/contracts/checkout';
import { log } from '../adapters/observability';
import { receiptDeps } from '../adapters/receipt-deps';
import { HttpError } from '../domain/http-error';
import { sendPaymentReceipt } from '../domain/receipt-sending';
import { clientAddressOf } from './client-address';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const sessionId = checkoutSessionIdSchema.safeParse(event.pathParameters?.sessionId);
  if (!sessionId.success) throw new HttpError(404, 'payment_not_found', 'We could not find this payment.');
  const { email } = receiptRequestSchema.parse(jsonBody(event));
  const client = clientAddressOf(event);
  try {
    const { paymentId, ...sent } = await sendPaymentReceipt(sessionId.data, email, receiptDeps());
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
