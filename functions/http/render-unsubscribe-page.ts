/**
 * GET /unsubscribe/{id}: the page a payment request's footer links to (docs/decisions.md #175). It only asks,
 * or shows what the recipient chose; its buttons post to the API, which sends the browser back here (#271).
 * Not cached: the same address serves every recipient's own request, and changes when they choose.
 */
import { merchantStore } from '../adapters/merchant-store';
import { log, observed } from '../adapters/observability';
import { paymentRequestStore } from '../adapters/payment-request-store';
import { requestRecipientStore } from '../adapters/request-recipient-store';
import { HttpError } from '../domain/http-error';
import { unsubscribePageState } from '../domain/request-recipients';
import { unsubscribeNotFoundPage, unsubscribePage } from '../domain/unsubscribe-page-html';
import type { HttpEvent } from './http-handler';
import { requestIdOf } from './request-email-forms';

const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' };

export const handler = observed(async (event: HttpEvent) => {
  try {
    const requestId = requestIdOf(event);
    const { businessName, choice } = await unsubscribePageState(requestId, {
      requests: paymentRequestStore,
      merchants: merchantStore,
      recipients: requestRecipientStore,
    });
    return { statusCode: 200, headers: HEADERS, body: unsubscribePage(requestId, businessName, choice) };
  } catch (error) {
    if (error instanceof HttpError) return { statusCode: 404, headers: HEADERS, body: unsubscribeNotFoundPage() };
    log.error('Unsubscribe page failed', { error: error instanceof Error ? error : String(error) });
    return {
      statusCode: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: 'Something went wrong on our side. Please try again.',
    };
  }
});
