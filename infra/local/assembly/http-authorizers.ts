/**
 * The HTTP API's Lambda authorizers as API Gateway runs them: a request missing one of the authorizer's
 * identity sources is refused (401) without invoking it; otherwise the function gets the REQUEST event
 * (payload 2.0), its answer (simple `{ isAuthorized, context }` or an IAM policy) decides — 403 when it
 * refuses, 500 when it fails — and the answer is cached per identity for the authorizer's TTL.
 */
import type http from 'node:http';
import type { FunctionSpec } from '@functions/function-spec';
import { invoke } from '../function-loader';
import type { RouteDecision } from '../gateway';
import type { CompiledRoute } from '../gateway/http-api-event';
import { headerMap, queryParameters } from '../gateway/http-api-event';

export interface HttpAuthorizer {
  name: string;
  fn: FunctionSpec;
  /** `$request.header.x-origin-verify`, `$request.querystring.token` … */
  identitySource: string[];
  ttlSeconds: number;
  simpleResponses: boolean;
}

interface AuthorizerAnswer {
  isAuthorized?: boolean;
  context?: Record<string, unknown>;
  policyDocument?: { Statement?: { Effect?: string }[] };
}

function identityValue(source: string, request: http.IncomingMessage, requestUrl: URL): string | undefined {
  const header = /^\$request\.header\.(.+)$/i.exec(source)?.[1];
  if (header) {
    const value = request.headers[header.toLowerCase()];
    return Array.isArray(value) ? value.join(',') : value;
  }
  const query = /^\$request\.querystring\.(.+)$/i.exec(source)?.[1];
  if (query) return requestUrl.searchParams.get(query) ?? undefined;
  return undefined;
}

export function templateRouteAuthorizer(options: {
  /** `GET /api/me` → its authorizer; a route not listed has none (AuthorizationType NONE). */
  authorizers: Map<string, HttpAuthorizer>;
  region: string;
  accountId: string;
  apiId: string;
  log?: (line: string) => void;
}) {
  const cache = new Map<string, { decision: RouteDecision; until: number }>();
  return async (route: CompiledRoute, request: http.IncomingMessage, requestUrl: URL): Promise<RouteDecision> => {
    const routeKey = `${route.method} ${route.path}`;
    const authorizer = options.authorizers.get(routeKey);
    if (!authorizer) return { allowed: true };
    const identity = authorizer.identitySource.map((source) => identityValue(source, request, requestUrl));
    if (identity.some((value) => value === undefined || value === '')) return { allowed: false, status: 401 };
    const cacheKey = `${authorizer.name}\n${identity.join('\n')}`;
    const cached = cache.get(cacheKey);
    if (cached && cached.until > Date.now()) return cached.decision;

    const now = new Date();
    const event = {
      version: '2.0',
      type: 'REQUEST',
      routeArn: `arn:aws:execute-api:${options.region}:${options.accountId}:${options.apiId}/$default/${route.method}${route.path}`,
      identitySource: identity,
      routeKey,
      rawPath: requestUrl.pathname,
      rawQueryString: requestUrl.search.slice(1),
      headers: headerMap(request),
      queryStringParameters: queryParameters(requestUrl.searchParams),
      requestContext: {
        accountId: options.accountId,
        apiId: options.apiId,
        http: { method: route.method, path: requestUrl.pathname, sourceIp: request.socket.remoteAddress ?? '' },
        requestId: crypto.randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
    };
    let answer: AuthorizerAnswer;
    try {
      answer = (await invoke(authorizer.fn, event)) as AuthorizerAnswer;
    } catch (error) {
      options.log?.(`authorizer ${authorizer.name} failed: ${String(error)}`);
      return { allowed: false, status: 500 };
    }
    const allowed = authorizer.simpleResponses
      ? answer?.isAuthorized === true
      : (answer?.policyDocument?.Statement ?? []).some((statement) => statement.Effect === 'Allow') &&
        (answer?.policyDocument?.Statement ?? []).every((statement) => statement.Effect !== 'Deny');
    const decision: RouteDecision = allowed
      ? { allowed: true, context: answer.context }
      : { allowed: false, status: 403 };
    if (authorizer.ttlSeconds > 0) cache.set(cacheKey, { decision, until: Date.now() + authorizer.ttlSeconds * 1000 });
    return decision;
  };
}
