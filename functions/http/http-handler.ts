/**
 * The one wrapper every HTTP handler goes through: it turns a returned value into a JSON response, a
 * thrown HttpError into its status and words, a zod failure into a 400 naming the fields, and anything
 * else into a logged, generic 500 — so a handler body holds only its own work.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
// zod's core by name, not `z.core`: a bundler keeps the whole of a namespace object it is handed.
import { $ZodError } from 'zod/v4/core';
import type { ApiError } from '@shared/contracts/errors';
import { BUSINESS_HEADER } from '@shared/roles';
import '../adapters/english-validation-messages';
import { appendLogKeys, log, observed } from '../adapters/observability';
import { merchantAccessDeps } from '../adapters/merchant-access-deps';
import { MERCHANT_ROUTE_ROLES } from '../catalog/merchant-roles';
import { HttpError } from '../domain/http-error';
import { checkMerchantAccess, type Access } from '../domain/team-access';

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A page instead of JSON: the answer to a plain HTML form (the unsubscribe page's, docs/decisions.md #175). */
  html?: string;
}

/**
 * API Gateway v2 event; on merchant routes the Lambda authorizer (functions/authorizers/
 * merchant-token-authorizer.ts, in the cloud or run by the local gateway) has put the verified token's
 * subject in `authorizer.lambda`.
 */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { lambda?: { sub?: string; email?: string; signedInAt?: string } };
  };
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  } satisfies APIGatewayProxyStructuredResultV2;
}

function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    const body: ApiError = { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) };
    return json(error.status, body);
  }
  // Both zod APIs throw this core error (a classic ZodError is one too).
  if (error instanceof $ZodError) {
    const fields = Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || '(body)', issue.message]));
    const first = error.issues[0];
    const body: ApiError = { code: 'invalid_request', message: first?.message ?? 'Invalid request', fields };
    return json(400, body);
  }
  log.error('Unhandled error', { error: error instanceof Error ? error : String(error) });
  const body: ApiError = { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
  return json(500, body);
}

/**
 * One log line per request (route, status, latency), under the request's id and, on merchant routes, the
 * merchant's: the API Gateway request id ties it to the access log, the Lambda request id to the rest.
 */
export function httpHandler(work: (event: HttpEvent) => Promise<HttpResult>) {
  return observed(async (event: HttpEvent, _context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const startedAt = Date.now();
    const sub = event.requestContext?.authorizer?.lambda?.sub;
    appendLogKeys({
      requestId: event.requestContext?.requestId,
      route: event.routeKey,
      merchantId: typeof sub === 'string' ? sub : undefined,
    });
    let response: APIGatewayProxyStructuredResultV2;
    try {
      if (typeof sub === 'string' && sub.length > 0) await checkAccess(event, sub);
      const result = await work(event);
      response =
        result.html === undefined
          ? json(result.status ?? 200, result.body, result.headers)
          : {
              statusCode: result.status ?? 200,
              headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...result.headers },
              body: result.html,
            };
    } catch (error) {
      response = errorResponse(error);
    }
    log.info('Request', { status: response.statusCode, latencyMs: Date.now() - startedAt });
    return response;
  });
}

const accessByEvent = new WeakMap<HttpEvent, Access>();

/**
 * A merchant route's access, on every request: the token's session not ended since it signed in (the person's
 * cut, docs/decisions.md #200: 401), and the route's least role (the catalogue's MERCHANT_ROUTE_ROLES; a
 * route without one is refused) against the person's membership of the business the request asks for
 * (BUSINESS_HEADER; their own when absent). Read fresh each time, so a removed or demoted member, or a
 * session ended by a two-factor change, is refused on the next request (docs/decisions.md #161). The two
 * reads go together: one GetItem for a person acting for their own business, two in parallel for a member.
 * The person's row also says when they have no business of their own (#277): then a request for it is refused.
 * `checkMerchantAccess` is that rule, the realtime socket's authorizer's too (#285).
 */
async function checkAccess(event: HttpEvent, personId: string) {
  const leastRole = MERCHANT_ROUTE_ROLES[event.routeKey];
  if (!leastRole) throw new HttpError(403, 'forbidden', 'This route has no role in the catalogue.');
  const signedInAt = Number(event.requestContext.authorizer?.lambda?.signedInAt ?? 0);
  const access = await checkMerchantAccess(merchantAccessDeps(), {
    personId,
    requestedBusinessId: event.headers?.[BUSINESS_HEADER],
    leastRole,
    signedInAt: Number.isFinite(signedInAt) ? signedInAt : 0,
  });
  accessByEvent.set(event, access);
  appendLogKeys({ merchantId: access.businessId, personId });
}

/** Who is acting, for which business, with which role (set by httpHandler on merchant routes). */
export function accessOf(event: HttpEvent): Access {
  const access = accessByEvent.get(event);
  if (!access) throw new HttpError(401, 'unauthorized', 'User not authenticated');
  return access;
}

/**
 * The business a merchant route acts for: the verified token's subject, or a business they are a member
 * of (checked against their membership by httpHandler) — never anything the request says unchecked. API
 * Gateway (or the local gateway) has already refused requests without a valid token; this guards a
 * miswired route.
 */
export function merchantIdOf(event: HttpEvent): string {
  return accessOf(event).businessId;
}

/** Parses a JSON body; a body that is not JSON is the caller's mistake, not ours. */
export function jsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
