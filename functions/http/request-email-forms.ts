/**
 * What the two forms of the unsubscribe page and a mail app's one-click POST send (docs/decisions.md #175):
 * a form body (`List-Unsubscribe=One-Click`, `from=page`, `reason=…`), and the answer each wants — the page
 * again for a person (#271), a short JSON for a mail app.
 */
import { REQUEST_ID_PATTERN } from '@shared/payer-link-params';
import { HttpError } from '../domain/http-error';
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

/**
 * A person who pressed the page's button is sent back to the page with 303 See Other (Post/Redirect/Get,
 * docs/decisions.md #271): the page shows what they chose, and a reload asks it again instead of sending the
 * form again. Anyone else (a mail app's one-click) gets JSON.
 */
export function doneAnswer(form: URLSearchParams, requestId: string, body: unknown): HttpResult {
  if (form.get('from') !== 'page') return { body };
  const page = `/unsubscribe/${encodeURIComponent(requestId)}`;
  return { status: 303, headers: { location: page }, html: `<p><a href="${page}">Continue</a></p>` };
}
