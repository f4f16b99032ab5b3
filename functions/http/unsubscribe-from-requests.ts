/**
 * POST /api/requests/{id}/unsubscribe: a payment request's recipient stops that business's requests to them
 * (docs/decisions.md #175) — RFC 8058's one-click from the List-Unsubscribe header, or the unsubscribe page's
 * button. No sign-in: the request's unguessable id, which only its email carries, is the key.
 */
import { requestRecipientDeps } from '../adapters/request-recipient-deps';
import { unsubscribeFromRequests } from '../domain/request-recipients';
import { httpHandler } from './http-handler';
import { doneAnswer, formOf, requestIdOf } from './request-email-forms';

export const handler = httpHandler(async (event) => {
  const requestId = requestIdOf(event);
  const form = formOf(event);
  await unsubscribeFromRequests(requestId, requestRecipientDeps());
  return doneAnswer(form, requestId, { unsubscribed: true });
});
