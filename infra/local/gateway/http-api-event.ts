/**
 * What API Gateway's HTTP API does before a handler runs: match the catalogue's route, decode its path
 * parameters, read the body (within the payload limit) and build the v2 payload-format event.
 */
import type http from 'node:http';
import type { FunctionSpec, HttpRoute } from '@functions/function-spec';
import { LOOPBACK } from '../ports';

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface CompiledRoute extends HttpRoute {
  fn: FunctionSpec;
  pattern: RegExp;
  parameterNames: string[];
}

/** `/api/links/{id}` → a regex with one group per parameter (`{proxy+}` takes the rest of the path). */
export function compileRoute(route: HttpRoute, fn: FunctionSpec): CompiledRoute {
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
export const INVALID_PATH_CODE = 'invalid_path';
export const INVALID_PATH_MESSAGE = 'This address is not valid: part of it is not properly encoded.';

export function decodePathParameters(names: string[], match: RegExpExecArray): Record<string, string> | undefined {
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

const TEXT_CONTENT = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json|[^;]*\+xml)/i;

export function headerMap(request: http.IncomingMessage): Record<string, string> {
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
export function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (const key of new Set(search.keys())) parameters[key] = search.getAll(key).join(',');
  return Object.keys(parameters).length > 0 ? parameters : undefined;
}

export function readBody(request: http.IncomingMessage): Promise<Buffer> {
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

export interface HttpApiEventInput {
  request: http.IncomingMessage;
  requestUrl: URL;
  route: CompiledRoute;
  pathParameters: Record<string, string>;
  body: Buffer;
  sourceIp: string;
  port: number;
  authorizerContext?: { lambda: Record<string, unknown> };
}

/** The API Gateway v2 payload-format event a handler receives for this request. */
export function httpApiEvent({
  request,
  requestUrl,
  route,
  pathParameters,
  body,
  sourceIp,
  port,
  authorizerContext,
}: HttpApiEventInput) {
  const method = request.method ?? 'GET';
  const isText = TEXT_CONTENT.test(request.headers['content-type'] ?? 'text/plain');
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  return {
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
      domainName: request.headers.host ?? `${LOOPBACK}:${port}`,
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
}
