/** The few ways the sandbox answers over HTTP: Stripe's JSON, a hosted page's HTML, a form's redirect. */
import type http from 'node:http';

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: http.ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

export function redirect(response: http.ServerResponse, status: 302 | 303, location: string) {
  response.writeHead(status, { location });
  response.end();
}

export function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
