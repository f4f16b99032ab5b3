/**
 * POST /api/requests/{id}/report: a payment request's recipient reports the email as suspicious (docs/decisions.md
 * #175): kept once, the address suppressed for that business, the operator told, and the business's requests
 * paused at REPORTS_TO_PAUSE. No sign-in: the request's unguessable id is the key.
 */
import { requestRecipientDeps } from '../adapters/request-recipient-deps';
import { REPORT_REASONS, reportRequestEmail, type ReportReason } from '../domain/request-recipients';
import { httpHandler } from './http-handler';
import { doneAnswer, formOf, requestIdOf } from './request-email-forms';

export const handler = httpHandler(async (event) => {
  const requestId = requestIdOf(event);
  const form = formOf(event);
  const given = form.get('reason') ?? 'other';
  const reason: ReportReason = (REPORT_REASONS as readonly string[]).includes(given)
    ? (given as ReportReason)
    : 'other';
  await reportRequestEmail(requestId, reason, requestRecipientDeps());
  return doneAnswer(form, requestId, { reported: true });
});
