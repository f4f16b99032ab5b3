/**
 * GET /r/{token}: the payer's receipt as a printable page (docs/decisions.md #65). The token is the
 * receipt's own unguessable id, so the page can be opened from the email without signing in; it is not
 * cached anywhere, since a refund adds to it. The payer's details show only with the link's key (`?k=`).
 */
import { merchantStore } from '../adapters/merchant-store';
import { log, observed } from '../adapters/observability';
import { paymentStore } from '../adapters/payment-store';
import { renderReceiptPage } from '../domain/receipt-page-html';
import { maskedReceiptView, opensFullReceipt, RECEIPT_TOKEN_PATTERN, receiptView } from '../domain/receipts';
import type { HttpEvent } from './http-handler';

const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' };

/** The receipt in full with its key (the payer's emailed link), masked without (docs/decisions.md #132). */
async function viewOf(token: string | undefined, key: string | undefined) {
  if (!token || !RECEIPT_TOKEN_PATTERN.test(token)) return null;
  const payment = await paymentStore.findByReceiptToken(token);
  if (!payment || payment.status !== 'succeeded') return null;
  const view = receiptView(payment, await merchantStore.get(payment.merchantId));
  return opensFullReceipt(payment, key) ? view : maskedReceiptView(view);
}

export const handler = observed(async (event: HttpEvent) => {
  try {
    const { status, html } = renderReceiptPage(await viewOf(event.pathParameters?.id, event.queryStringParameters?.k));
    return { statusCode: status, headers: HEADERS, body: html };
  } catch (error) {
    log.error('Receipt page failed', { error: error instanceof Error ? error : String(error) });
    return {
      statusCode: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: 'Something went wrong on our side. Please try again.',
    };
  }
});
