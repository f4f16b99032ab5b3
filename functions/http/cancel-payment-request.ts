/**
 * POST /api/me/requests/{id}/cancel: final, from Sent or Reminded only; a one-off's own link is closed and the
 * Checkout its payer may have open is expired with Stripe (docs/decisions.md #80, #105).
 */
import { requestIdSchema } from '@shared/contracts/payment-requests';
import { activityDeps } from '../adapters/activity-deps';
import { cancelRequestDeps } from '../adapters/cancel-request-deps';
import { recordActivity } from '../domain/activity';
import { HttpError } from '../domain/http-error';
import { cancelPaymentRequest, REQUEST_NOT_FOUND_MESSAGE } from '../domain/payment-requests';
import { accessOf, httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const requestId = requestIdSchema.safeParse(event.pathParameters?.id);
  if (!requestId.success) throw new HttpError(404, 'request_not_found', REQUEST_NOT_FOUND_MESSAGE);
  const request = await cancelPaymentRequest(merchantIdOf(event), requestId.data, cancelRequestDeps());
  await recordActivity(activityDeps(), accessOf(event), { kind: 'request.cancelled', subject: request.title });
  return { body: request };
});
