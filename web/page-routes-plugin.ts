/**
 * The dev server (`npm start`'s App URL) answers the catalogue's page routes (`/p/{id}`, GET and HEAD)
 * with the page function, through the local gateway, as CloudFront sends `/p/*` to the API in the cloud:
 * a link made locally and pasted into a chat gets its own preview (title, amount, absolute og:image), and
 * what the page shows locally is what the cloud serves. Only the dev scripts are added to the function's
 * HTML — Vite's client, React's refresh preamble and the source entry — since the function finds no built
 * entry in a dev server's index.html; a crawler reads the same tags either way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { PAGE_PREFIXES } from '../shared/page-routes.js';
import { withAbsolutePreviewUrls } from '../shared/preview-urls.js';

const SOURCE_ENTRY = '<script type="module" src="/src/main.tsx"></script>';
/** What a browser or crawler says that the function may read, forwarded as they sent it. */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'user-agent', 'if-none-match'];

function forwardedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export function pageRoutesThroughGateway(gatewayUrl: string): Plugin {
  return {
    name: 'paylink-page-routes',
    apply: 'serve',
    // The shell's own preview tags name the image by path (a build does not know the stage's origin);
    // link-preview crawlers ignore relative URLs, so the dev server makes them absolute on its own origin.
    transformIndexHtml(html, context) {
      const origin = context.server?.resolvedUrls?.local[0]?.replace(/\/$/, '');
      if (!origin) return html;
      return withAbsolutePreviewUrls(html, origin);
    },
    configureServer(server) {
      // Failures go to `next` inside: nothing is left for connect to catch.
      server.middlewares.use((request, response, next) => void forward(request, response, next));
      async function forward(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) {
        const url = request.url ?? '/';
        const method = request.method ?? 'GET';
        if ((method !== 'GET' && method !== 'HEAD') || !PAGE_PREFIXES.some((prefix) => url.startsWith(prefix))) {
          return next();
        }
        try {
          const upstream = await fetch(`${gatewayUrl}${url}`, {
            method,
            headers: forwardedHeaders(request),
            redirect: 'manual',
          });
          let body = method === 'HEAD' ? '' : await upstream.text();
          if (body && upstream.headers.get('content-type')?.startsWith('text/html')) {
            body = await server.transformIndexHtml(url, body.replace('</body>', `${SOURCE_ENTRY}\n</body>`));
          }
          // Not the gateway's CSP: the dev scripts added above include Vite's inline React refresh preamble.
          upstream.headers.forEach((value, name) => {
            const dropped = ['content-length', 'content-encoding', 'transfer-encoding', 'connection'];
            if (!dropped.includes(name) && name !== 'content-security-policy') {
              response.setHeader(name, value);
            }
          });
          response.statusCode = upstream.status;
          if (method === 'HEAD') return response.end();
          response.setHeader('content-length', Buffer.byteLength(body));
          response.end(body);
        } catch (error) {
          next(error);
        }
      }
    },
  };
}
