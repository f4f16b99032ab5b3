/**
 * What the two forms of the unsubscribe page and a mail app's one-click POST send (docs/decisions.md #175):
 * a form body (`List-Unsubscribe=One-Click`, `from=page`, `reason=…`), and the answer each wants — the page's
 * next HTML for a person, a short JSON for a mail app.
 */
import { REQUEST_ID_PATTERN } from '@shared/payer-link-params';
import { HttpError } from '../domain/http-error';
import { unsubscribeDonePage } from '../domain/unsubscribe-page-html';
import type { HttpEvent, HttpResult } from './http-handler';

/** The form's fields; a body that is not a form reads as no fields (a mail app may send none). */
export function formOf(event: HttpEvent): URLSearchParams {
  if (!event.body) return new URLSearchParams();
  const body = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return new URLSearchParams(body.length <= 2_000 ? body : '');
}

/** The request id from the path; anything that cannot be one is not found (never a 500). */
export function requestIdOf(event: HttpEvent): string {
  const id = event.pathParameters?.id ?? '';
  if (!REQUEST_ID_PATTERN.test(id)) {
    throw new HttpError(
      404,
      'request_not_found',
      'We could not find this payment request. The link may be incomplete.',
    );
  }
  return id;
}

/** The page's last word for a person who pressed its button; JSON for anyone else (a mail app's one-click). */
export function doneAnswer(form: URLSearchParams, businessName: string, reported: boolean, body: unknown): HttpResult {
  return form.get('from') === 'page' ? { html: unsubscribeDonePage(businessName, reported) } : { body };
}
