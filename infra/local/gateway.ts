/**
 * The local API Gateway. It serves the catalogue's HTTP routes (merchant routes behind the cloud's own
 * merchant authorizer, the catalogue's `httpAuthorizers.merchantToken`, run here), the realtime WebSocket (with the catalogue's `$connect` authorizer and the
 * management API that PostToConnection calls), `/config.json`, and — when given a built SPA — the
 * static files with CloudFront's SPA fallback. Handlers receive API Gateway v2-shaped events.
 *
 * Its pieces are in `gateway/`: the HTTP API's event (`http-api-event.ts`), what CloudFront sends a phone
 * (`cloudfront-delivery.ts`), the WebSocket API (`realtime.ts`) and WAF's rate limit (`rate-limiter.ts`);
 * this file routes a request to them.
 */
import http from 'node:http';
import { httpAuthorizers } from '@functions/catalog';
import { PUBLIC_RATE_LIMIT, type FunctionSpec, type HttpRoute } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { invoke } from './function-loader';
import { sendJson, serveStatic, writeHandlerResult } from './gateway/cloudfront-delivery';
import {
  INVALID_PATH_CODE,
  INVALID_PATH_MESSAGE,
  type CompiledRoute,
  compileRoute,
  decodePathParameters,
  headerMap,
  httpApiEvent,
  readBody,
} from './gateway/http-api-event';
import { createRateLimiter } from './gateway/rate-limiter';
import { REALTIME_MANAGEMENT_PATH, REALTIME_PATH, attachRealtimeGateway } from './gateway/realtime';
import { LOOPBACK, closeServer, listenOn } from './ports';
import { localSiteSecurityHeaders, setSiteSecurityHeaders } from './site-security-headers';

export { createRateLimiter } from './gateway/rate-limiter';
export { REALTIME_MANAGEMENT_PATH, REALTIME_PATH } from './gateway/realtime';

export interface GatewayOptions {
  /** 0 = one the OS chooses (`url` says which). */
  port: number;
  functions: readonly FunctionSpec[];
  /** What /config.json serves, but for the realtime URL: the gateway's own, known once it listens. */
  runtimeConfig: Omit<RuntimeConfig, 'realtimeUrl'>;
  /** A built SPA (web/dist) to serve; without it only the API, config and realtime are served. */
  staticDir?: string;
  /** The per-client limit on public routes; the cloud's (PUBLIC_RATE_LIMIT) unless a benchmark turns it off. */
  publicRateLimit?: { requests: number; windowSeconds: number } | false;
  /**
   * Headers added to every request sent to the API, as CloudFront's origin custom headers are
   * (`x-origin-verify`, which the merchant authorizer checks); a viewer's header of the same name is
   * replaced, as CloudFront replaces it.
   */
  originHeaders?: Record<string, string>;
  /**
   * The route's check instead of the catalogue's merchant-token check: the assembly runtime runs the
   * template's Lambda authorizer (infra/local/assembly/http-authorizers.ts). It answers the authorizer's
   * context for the handler, or the status API Gateway refuses with.
   */
  authorize?: (route: CompiledRoute, request: http.IncomingMessage, requestUrl: URL) => Promise<RouteDecision>;
  log?: (line: string) => void;
}

/** What a route's authorizer decided: go on (with its context for the handler), or refuse with a status. */
export type RouteDecision = { allowed: true; context?: Record<string, unknown> } | { allowed: false; status: number };

export interface LocalGateway {
  url: string;
  realtimeUrl: string;
  /** What /config.json serves. */
  runtimeConfig: RuntimeConfig;
  managementEndpoint: string;
  /** Method + path of every route it serves, for the parity test. */
  routes: { method: string; path: string; auth: HttpRoute['auth']; kind: 'api' | 'page'; functionName: string }[];
  webSocketRoutes: { routeKey: string; functionName: string }[];
  stop(): Promise<void>;
}

export async function startLocalGateway(options: GatewayOptions): Promise<LocalGateway> {
  const limitPublicRoutes =
    options.publicRateLimit === false ? undefined : createRateLimiter(options.publicRateLimit ?? PUBLIC_RATE_LIMIT);
  const routes = options.functions.flatMap((fn) => (fn.routes ?? []).map((route) => compileRoute(route, fn)));
  const pageRoutes = routes.filter((route) => route.kind === 'page');
  // The client closes idle keep-alive sockets, never the server: a server timeout (and the `Keep-Alive:
  // timeout` hint it sends) lets a busy client race a request onto a socket the server is closing, an
  // ECONNRESET under load. Without the hint undici drops idle sockets after 4 s; stop() closes the rest.
  // It listens first, its handlers attached below: with port 0 the port (in the URLs, the config, the CSP)
  // is known only then, and no request can arrive before anyone knows it.
  const server = http.createServer({ keepAliveTimeout: 0 });
  const port = await listenOn(server, options.port);
  const url = `http://${LOOPBACK}:${port}`;
  const realtimeUrl = `ws://${LOOPBACK}:${port}${REALTIME_PATH}`;
  const runtimeConfig: RuntimeConfig = { ...options.runtimeConfig, realtimeUrl };

  async function handleApi(request: http.IncomingMessage, response: http.ServerResponse, requestUrl: URL) {
    const method = request.method ?? 'GET';
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.pattern.test(requestUrl.pathname),
    );
    if (!route) return sendJson(response, 404, { message: 'Not Found' });

    const sourceIp = request.socket.remoteAddress ?? LOOPBACK;
    // Pages are outside the cloud's rate-limited /api/ scope (CloudFront caches them): not counted here either.
    if (route.auth === 'public' && route.kind !== 'page' && limitPublicRoutes) {
      const { allowed, retryAfterSeconds } = limitPublicRoutes(sourceIp);
      if (!allowed) {
        return sendJson(
          response,
          429,
          { code: RATE_LIMITED_CODE, message: RATE_LIMITED_MESSAGE },
          { 'retry-after': String(retryAfterSeconds) },
        );
      }
    }

    if (options.originHeaders) Object.assign(request.headers, options.originHeaders);
    // Handlers get the same `authorizer.lambda` either way: the authorizer's simple response's context.
    let authorizerContext: { lambda: Record<string, unknown> } | undefined;
    if (options.authorize) {
      const decision = await options.authorize(route, request, requestUrl);
      if (!decision.allowed) {
        return sendJson(response, decision.status, { message: http.STATUS_CODES[decision.status] ?? 'Error' });
      }
      if (decision.context) authorizerContext = { lambda: decision.context };
    } else if (route.auth === 'merchant') {
      // The cloud's merchant authorizer itself (origin header and token), on the headers as CloudFront sent them.
      const decision = (await invoke(httpAuthorizers.merchantToken, {
        type: 'REQUEST',
        headers: headerMap(request),
      })) as {
        isAuthorized: boolean;
        context?: Record<string, unknown>;
      };
      if (!decision.isAuthorized) {
        return sendJson(response, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      }
      authorizerContext = { lambda: decision.context ?? {} };
    }

    const body = await readBody(request);
    const match = route.pattern.exec(requestUrl.pathname)!;
    const pathParameters = decodePathParameters(route.parameterNames, match);
    if (!pathParameters) return sendJson(response, 400, { code: INVALID_PATH_CODE, message: INVALID_PATH_MESSAGE });
    const event = httpApiEvent({
      request,
      requestUrl,
      route,
      pathParameters,
      body,
      sourceIp,
      port,
      authorizerContext,
    });
    const started = Date.now();
    const result = await invoke(route.fn, event);
    writeHandlerResult(request, response, result);
    options.log?.(`${method} ${requestUrl.pathname} → ${response.statusCode} (${Date.now() - started} ms)`);
  }

  // CloudFront's security headers, the CSP included (docs/decisions.md #70).
  const siteSecurityHeaders = localSiteSecurityHeaders(runtimeConfig, url);
  const realtime = attachRealtimeGateway(server, { functions: options.functions, port, url, log: options.log });
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const requestUrl = new URL(request.url ?? '/', url);
    setSiteSecurityHeaders(response, siteSecurityHeaders);
    const work = (async () => {
      if (requestUrl.pathname.startsWith('/api/')) return handleApi(request, response, requestUrl);
      // The catalogue's pages (`/p/{id}`), as CloudFront's page behaviours send them to the API.
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && pageRoutes.some((route) => route.pattern.test(requestUrl.pathname))) {
        return handleApi(request, response, requestUrl);
      }
      if (requestUrl.pathname.startsWith(`${REALTIME_MANAGEMENT_PATH}/@connections/`)) {
        return realtime.handleManagement(request, response, requestUrl.pathname);
      }
      if (requestUrl.pathname === '/config.json') {
        return sendJson(response, 200, runtimeConfig, { 'cache-control': 'no-cache' });
      }
      if (options.staticDir && isRead) {
        return serveStatic(options.staticDir, url, requestUrl.pathname, request, response);
      }
      return sendJson(response, 404, { message: 'Not Found' });
    })();
    work.catch((error: Error & { status?: number }) => {
      if (error.status === 413) return sendJson(response, 413, { message: 'Request Entity Too Large' });
      options.log?.(`${request.method} ${requestUrl.pathname} failed: ${error.stack ?? error}`);
      // What API Gateway answers when the integration itself fails.
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
      else response.end();
    });
  });

  return {
    url,
    realtimeUrl,
    runtimeConfig,
    managementEndpoint: `${url}${REALTIME_MANAGEMENT_PATH}`,
    routes: routes.map((route) => ({
      method: route.method,
      path: route.path,
      auth: route.auth,
      kind: route.kind ?? 'api',
      functionName: route.fn.name,
    })),
    webSocketRoutes: realtime.webSocketRoutes,
    async stop() {
      realtime.stop();
      await closeServer(server);
    },
  };
}
