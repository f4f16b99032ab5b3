/**
 * The address a request came from, for per-client limits. Behind CloudFront the API's connection comes
 * from CloudFront, and CloudFront appends the viewer's address as the last `X-Forwarded-For` entry
 * (anything before it the client may have written itself; API Gateway adds no entry of its own): so the
 * last entry is the one to trust. The local gateway appends the socket's address the same way. Without the
 * header at all (a direct call, which the origin check refuses in the cloud), the connection's address.
 * docs/runbook.md, "Client addresses", gives the sources.
 */
import type { HttpEvent } from './http-handler';

export function clientAddressOf(event: HttpEvent): string {
  const entries = (event.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? event.requestContext.http.sourceIp;
}
