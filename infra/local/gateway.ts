/**
 * The local API Gateway. It serves the catalogue's HTTP routes (with the same token checks as the cloud's
 * merchant authorizer, but no CloudFront origin header to check), the realtime WebSocket (with the catalogue's `$connect` authorizer and the
 * management API that PostToConnection calls), `/config.json`, and — when given a built SPA — the
 * static files with CloudFront's SPA fallback. Handlers receive API Gateway v2-shaped events.
 *
 * What it sends is what CloudFront sends a phone: text compressed (brotli or gzip, by Accept-Encoding, as
 * CloudFront's automatic compression does), hashed assets cached for a year, index.html revalidated every
 * time, and the catalogue's pages (`/p/{id}`) with the function's own short max-age — so a local
 * Lighthouse run measures the bytes and round trips the cloud would cost.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { WebSocketServer, type WebSocket } from 'ws';
import { PUBLIC_RATE_LIMIT, type FunctionSpec, type HttpRoute } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { prerenderedPageFor } from '@shared/prerendered-pages';
import { withAbsolutePreviewUrls } from '@shared/preview-urls';
import { invoke } from './function-loader';
import { createJwtAuthorizer, type JwtAuthorizer, type MerchantAuthorizerContext } from './jwt-authorizer';
import { LOOPBACK, closeServer } from './ports';
import { localSiteSecurityHeaders, setSiteSecurityHeaders } from './site-security-headers';

export const REALTIME_PATH = '/realtime';
/** Where the management API lives; the SDK appends `/@connections/{id}`. */
export const REALTIME_MANAGEMENT_PATH = '/_realtime';
/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  functions: readonly FunctionSpec[];
  tokenIssuer: string;
  userPoolClientId: string;
  runtimeConfig: RuntimeConfig;
  /** A built SPA (web/dist) to serve; without it only the API, config and realtime are served. */
  staticDir?: string;
  /** The per-client limit on public routes; the cloud's (PUBLIC_RATE_LIMIT) unless a benchmark turns it off. */
  publicRateLimit?: { requests: number; windowSeconds: number } | false;
  log?: (line: string) => void;
}

export interface LocalGateway {
  url: string;
  realtimeUrl: string;
  managementEndpoint: string;
  /** Method + path of every route it serves, for the parity test. */
  routes: { method: string; path: string; auth: HttpRoute['auth']; kind: 'api' | 'page'; functionName: string }[];
  webSocketRoutes: { routeKey: string; functionName: string }[];
  stop(): Promise<void>;
}

interface CompiledRoute extends HttpRoute {
  fn: FunctionSpec;
  pattern: RegExp;
  parameterNames: string[];
}

/** `/api/links/{id}` → a regex with one group per parameter (`{proxy+}` takes the rest of the path). */
function compileRoute(route: HttpRoute, fn: FunctionSpec): CompiledRoute {
  const parameterNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameterNames.push(parameter[1]!);
      return parameter[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { ...route, fn, pattern: new RegExp(`^${source}$`), parameterNames };
}

/**
 * A path parameter with malformed percent-encoding (`%ZZ`, a cut-off UTF-8 sequence) cannot be decoded, so
 * no handler could make sense of it: it is the caller's mistake, answered before any function runs.
 */
const INVALID_PATH_CODE = 'invalid_path';
const INVALID_PATH_MESSAGE = 'This address is not valid: part of it is not properly encoded.';

function decodePathParameters(names: string[], match: RegExpExecArray): Record<string, string> | undefined {
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

const TEXT_CONTENT = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json|[^;]*\+xml)/i;

function headerMap(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/**
 * CloudFront appends the address its connection came from (the viewer) to X-Forwarded-For, after whatever
 * the client wrote there; the API then sees the header so. The local gateway stands where CloudFront does,
 * so it appends the socket's address the same way, and the last entry is the client's in both places
 * (functions/http/client-address.ts).
 */
function forwardedAsCloudFront(headers: Record<string, string>, viewerAddress: string): Record<string, string> {
  const written = headers['x-forwarded-for']?.trim();
  return { ...headers, 'x-forwarded-for': written ? `${written}, ${viewerAddress}` : viewerAddress };
}

/** API Gateway joins repeated query parameters with commas. */
function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (const key of new Set(search.keys())) parameters[key] = search.getAll(key).join(',');
  return Object.keys(parameters).length > 0 ? parameters : undefined;
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('Request Entity Too Large'), { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

interface StructuredResult {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  body?: string;
  isBase64Encoded?: boolean;
  cookies?: string[];
}

/** Lambda's v2 payload format: a structured result, or any other value as a 200 JSON body. */
function writeHandlerResult(request: http.IncomingMessage, response: http.ServerResponse, result: unknown) {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as StructuredResult)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
  const headers: http.OutgoingHttpHeaders = Object.fromEntries(
    Object.entries(structured.headers ?? {}).map(([name, value]) => [name, String(value)]),
  );
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const text = structured.body ?? '';
  const body = Buffer.from(text, structured.isBase64Encoded ? 'base64' : 'utf8');
  sendBody(request, response, structured.statusCode ?? 200, headers, body, body.length);
}

/** What CloudFront compresses: text, scripts, styles, JSON, SVG; never images that are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;
/** CloudFront compresses objects from 1,000 bytes up. */
const MIN_COMPRESS_BYTES = 1000;

/** The encoding CloudFront would pick for this request: brotli first, then gzip, else none. */
function chooseEncoding(request: http.IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality.trim()))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** Sends `body` compressed when the client takes it and the type is worth it (adds Content-Encoding and Vary). */
function sendBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | NodeJS.ReadableStream,
  size: number,
) {
  const type = String(headers['content-type'] ?? '');
  const encoding = COMPRESSIBLE.test(type) && size >= MIN_COMPRESS_BYTES ? chooseEncoding(request) : undefined;
  if (!encoding || request.method === 'HEAD') {
    response.writeHead(status, { ...headers, ...(Buffer.isBuffer(body) && { 'content-length': size }) });
    if (request.method === 'HEAD') return void response.end();
    if (Buffer.isBuffer(body)) return void response.end(body);
    return void pipeline(body, response, () => {});
  }
  response.writeHead(status, { ...headers, 'content-encoding': encoding, vary: 'Accept-Encoding' });
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  if (Buffer.isBuffer(body)) {
    compressor.end(body);
    pipeline(compressor, response, () => {});
  } else pipeline(body, compressor, response, () => {});
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** What the build leaves for its own tools (Vite's manifest in .vite/): never deployed, never served. */
const isBuildOnly = (relativePath: string) => relativePath.split(path.sep).some((segment) => segment.startsWith('.'));

/**
 * Static files as CloudFront serves the bucket: hashed assets cached for good; other extension-less
 * addresses → their prerendered page (shared/prerendered-pages.ts) or index.html. HTML carries absolute
 * preview URLs on the gateway's origin, as the deployment writes them with the CloudFront domain.
 */
function serveStatic(
  staticDir: string,
  siteOrigin: string,
  pathname: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  const root = path.resolve(staticDir);
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = undefined; // not a file's name: the SPA fallback answers, as for any other unknown path
  }
  const requested = decoded === undefined ? root : path.resolve(root, `.${decoded}`);
  const isFile =
    requested.startsWith(root + path.sep) &&
    !isBuildOnly(path.relative(root, requested)) &&
    existsSync(requested) &&
    statSync(requested).isFile();
  // The prerendered landing and sign-in pages, as CloudFront's routing function picks them; else the shell.
  const prerendered = prerenderedPageFor(pathname);
  const page = prerendered && existsSync(path.join(root, `.${prerendered}`)) ? `.${prerendered}` : 'index.html';
  const file = isFile ? requested : path.join(root, page);
  if (!existsSync(file)) return sendJson(response, 404, { message: 'Not Found' });
  const immutable = isFile && pathname.startsWith('/assets/');
  const headers = {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (file.endsWith('.html')) {
    const html = Buffer.from(withAbsolutePreviewUrls(readFileSync(file, 'utf8'), siteOrigin));
    return sendBody(request, response, 200, headers, html, html.length);
  }
  sendBody(request, response, 200, headers, createReadStream(file), statSync(file).size);
}

/**
 * WAF's rate-based rule, locally: requests per client address in a fixed window. WAF counts over a
 * sliding window; a fixed one refuses at the same count, which is what a test or a developer can see.
 */
export function createRateLimiter(limit: { requests: number; windowSeconds: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let sweptAt = 0;
  const limiter = (client: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } => {
    const windowMs = limit.windowSeconds * 1000;
    // Once a window, forget the clients whose window has ended: a long-running gateway that met many
    // addresses would otherwise keep every one of them for ever.
    if (now - sweptAt >= windowMs) {
      for (const [known, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(known);
      sweptAt = now;
    }
    let window = windows.get(client);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(client, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit.requests,
      retryAfterSeconds: Math.ceil((window.startedAt + windowMs - now) / 1000),
    };
  };
  return Object.assign(limiter, { trackedClients: () => windows.size });
}

export async function startLocalGateway(options: GatewayOptions): Promise<LocalGateway> {
  const limitPublicRoutes =
    options.publicRateLimit === false ? undefined : createRateLimiter(options.publicRateLimit ?? PUBLIC_RATE_LIMIT);
  const routes = options.functions.flatMap((fn) => (fn.routes ?? []).map((route) => compileRoute(route, fn)));
  const pageRoutes = routes.filter((route) => route.kind === 'page');
  const authorizer: JwtAuthorizer = createJwtAuthorizer({
    issuer: options.tokenIssuer,
    audience: [options.userPoolClientId],
  });
  const url = `http://${LOOPBACK}:${options.port}`;
  const sockets = new Map<string, WebSocket>();

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

    // The cloud's merchant authorizer also checks CloudFront's origin header; locally there is no CloudFront,
    // so only the token is checked. Handlers get the same `authorizer.lambda` shape either way.
    let authorizerContext: { lambda: MerchantAuthorizerContext } | undefined;
    if (route.auth === 'merchant') {
      const merchant = await authorizer.authorize(request.headers.authorization);
      if (!merchant) return sendJson(response, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      authorizerContext = { lambda: merchant };
    }

    const body = await readBody(request);
    const isText = TEXT_CONTENT.test(request.headers['content-type'] ?? 'text/plain');
    const match = route.pattern.exec(requestUrl.pathname)!;
    const pathParameters = decodePathParameters(route.parameterNames, match);
    if (!pathParameters) return sendJson(response, 400, { code: INVALID_PATH_CODE, message: INVALID_PATH_MESSAGE });
    const now = new Date();
    const routeKey = `${route.method} ${route.path}`;
    const event = {
      version: '2.0',
      routeKey,
      rawPath: requestUrl.pathname,
      rawQueryString: requestUrl.search.slice(1),
      cookies: request.headers.cookie?.split(/;\s*/),
      headers: forwardedAsCloudFront(headerMap(request), sourceIp),
      queryStringParameters: queryParameters(requestUrl.searchParams),
      pathParameters: route.parameterNames.length > 0 ? pathParameters : undefined,
      body: body.length > 0 ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !isText,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: request.headers.host ?? `${LOOPBACK}:${options.port}`,
        domainPrefix: 'local',
        http: {
          method,
          path: requestUrl.pathname,
          protocol: `HTTP/${request.httpVersion}`,
          sourceIp,
          userAgent: request.headers['user-agent'] ?? '',
        },
        requestId: crypto.randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(authorizerContext && { authorizer: authorizerContext }),
      },
    };
    const started = Date.now();
    const result = await invoke(route.fn, event);
    writeHandlerResult(request, response, result);
    options.log?.(`${method} ${requestUrl.pathname} → ${response.statusCode} (${Date.now() - started} ms)`);
  }

  /** PostToConnection: `POST /_realtime/@connections/{id}` with the message as the body. */
  async function handleManagement(request: http.IncomingMessage, response: http.ServerResponse, pathname: string) {
    const connectionId = decodeURIComponent(pathname.slice(`${REALTIME_MANAGEMENT_PATH}/@connections/`.length));
    const socket = sockets.get(connectionId);
    if (!socket) {
      return sendJson(response, 410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });
    }
    if (request.method === 'DELETE') {
      socket.close();
      return sendJson(response, 204, {});
    }
    const body = await readBody(request);
    socket.send(body.toString('utf8'));
    response.writeHead(200).end();
  }

  // The client closes idle keep-alive sockets, never the server: a server timeout (and the `Keep-Alive:
  // timeout` hint it sends) lets a busy client race a request onto a socket the server is closing, an
  // ECONNRESET under load. Without the hint undici drops idle sockets after 4 s; stop() closes the rest.
  // CloudFront's security headers, the CSP included (docs/decisions.md #70).
  const siteSecurityHeaders = localSiteSecurityHeaders(options.runtimeConfig, url);
  const server = http.createServer({ keepAliveTimeout: 0 }, (request, response) => {
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
        return handleManagement(request, response, requestUrl.pathname);
      }
      if (requestUrl.pathname === '/config.json') {
        return sendJson(response, 200, options.runtimeConfig, { 'cache-control': 'no-cache' });
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

  const webSocketRoutes = options.functions.flatMap((fn) =>
    (fn.webSocketRoutes ?? []).map((routeKey) => ({ routeKey, fn })),
  );
  const webSocketAuthorizer = options.functions.find((fn) => fn.webSocketAuthorizer);
  const webSockets = new WebSocketServer({ noServer: true });

  function webSocketEvent(routeKey: string, eventType: string, connectionId: string, extra: object = {}) {
    const now = new Date();
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        apiId: 'local',
        domainName: `${LOOPBACK}:${options.port}`,
        stage: 'local',
        requestId: crypto.randomUUID(),
        requestTimeEpoch: now.getTime(),
        connectedAt: now.getTime(),
        ...extra,
      },
      isBase64Encoded: false,
    };
  }

  async function routeWebSocket(routeKey: string, event: object) {
    const target = webSocketRoutes.find((route) => route.routeKey === routeKey);
    if (!target) return { statusCode: 200 };
    return (await invoke(target.fn, event)) as { statusCode?: number } | undefined;
  }

  server.on('upgrade', (request, socket, head) => {
    const requestUrl = new URL(request.url ?? '/', url);
    if (requestUrl.pathname !== REALTIME_PATH) return socket.destroy();
    const connectionId = Buffer.from(crypto.randomUUID()).toString('base64url').slice(0, 16);
    const refuse = (status: number) => {
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    };
    void (async () => {
      let authorizerContext: Record<string, unknown> = {};
      if (webSocketAuthorizer) {
        const decision = (await invoke(webSocketAuthorizer, {
          type: 'REQUEST',
          methodArn: `arn:aws:execute-api:local:000000000000:local/local/$connect`,
          headers: headerMap(request),
          queryStringParameters: queryParameters(requestUrl.searchParams),
          ...webSocketEvent('$connect', 'CONNECT', connectionId),
        })) as { principalId: string; policyDocument: { Statement: { Effect: string }[] }; context?: object };
        const allowed = decision.policyDocument.Statement.every((statement) => statement.Effect === 'Allow');
        if (!allowed) return refuse(401);
        authorizerContext = { principalId: decision.principalId, ...decision.context };
      }
      const connected = await routeWebSocket(
        '$connect',
        webSocketEvent('$connect', 'CONNECT', connectionId, { authorizer: authorizerContext }),
      );
      if ((connected?.statusCode ?? 200) >= 300) return refuse(connected?.statusCode ?? 500);
      webSockets.handleUpgrade(request, socket, head, (webSocket) => {
        sockets.set(connectionId, webSocket);
        webSocket.on('message', (data) => {
          void routeWebSocket('$default', {
            ...webSocketEvent('$default', 'MESSAGE', connectionId, { authorizer: authorizerContext }),
            body: data.toString(),
          }).catch((error) => options.log?.(`realtime message failed: ${error}`));
        });
        webSocket.on('close', () => {
          sockets.delete(connectionId);
          void routeWebSocket(
            '$disconnect',
            webSocketEvent('$disconnect', 'DISCONNECT', connectionId, { authorizer: authorizerContext }),
          ).catch((error) => options.log?.(`realtime disconnect failed: ${error}`));
        });
      });
    })().catch((error) => {
      options.log?.(`realtime connect failed: ${error}`);
      refuse(500);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });

  return {
    url,
    realtimeUrl: `ws://${LOOPBACK}:${options.port}${REALTIME_PATH}`,
    managementEndpoint: `${url}${REALTIME_MANAGEMENT_PATH}`,
    routes: routes.map((route) => ({
      method: route.method,
      path: route.path,
      auth: route.auth,
      kind: route.kind ?? 'api',
      functionName: route.fn.name,
    })),
    webSocketRoutes: webSocketRoutes.map((route) => ({ routeKey: route.routeKey, functionName: route.fn.name })),
    async stop() {
      for (const webSocket of sockets.values()) webSocket.terminate();
      webSockets.close();
      await closeServer(server);
    },
  };
}
