import { log } from '../adapters/observability';
import { receiptDeps } from '../adapters/receipt-deps';
import { HttpError } from '../domain/http-error';
import { resendReceiptForMerchant } from '../domain/receipt-sending';
import { httpHandler, merchantIdOf } from './http-handler';

/** POST /api/me/payments/{id}/receipt: Transactions' 'Resend receipt' (docs/decisions.md #89). */
export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const paymentId = event.pathParameters?.id ?? '';
  try {
    const sent = await resendReceiptForMerchant(merchantId, paymentId, receiptDeps());
    // Which payment, and that its merchant asked; never the address (docs/decisions.md #69).
    log.info('Receipt resent by the merchant', { paymentId: sent.paymentId, merchantId });
    return { status: 202, body: { sent: sent.sent, email: sent.email } };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      log.warn('Receipt resend refused', { code: error.code, merchantId });
    }
    throw error;
  }
});
