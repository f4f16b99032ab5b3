/**
 * POST /api/me/requests/{id}/cancel: final, from Sent or Reminded only; a one-off's own link is closed and the
 * Checkout its payer may have open is expired with Stripe (docs/decisions.md #80, #105).
 */
import { requestIdSchema } from '@shared/contracts/payment-requests';
import { cancelRequestDeps } from '../adapters/cancel-request-deps';
import { HttpError } from '../domain/http-error';
import { cancelPaymentRequest, REQUEST_NOT_FOUND_MESSAGE } from '../domain/payment-requests';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const requestId = requestIdSchema.safeParse(event.pathParameters?.id);
  if (!requestId.success) throw new HttpError(404, 'request_not_found', REQUEST_NOT_FOUND_MESSAGE);
  return { body: await cancelPaymentRequest(merchantIdOf(event), requestId.data, cancelRequestDeps()) };
});
