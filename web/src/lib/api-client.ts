/**
 * Typed calls to Paylink's own API. Every answer is parsed with its zod contract from shared/, so a screen
 * never renders data the contract does not promise; every failure becomes an ApiRequestError.
 */
import { apiErrorSchema } from '@shared/contracts/errors';
import { ApiRequestError } from './api-request-error';
import { leaveRemovedBusiness } from './current-business';
import { signedInHeaders, takeEarlyRead } from './early-reads';
import { goodSessionRecord } from './session-record';

export type ApiPath = `/api/${string}`;
export type ApiSendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const NETWORK_ERROR_MESSAGE = 'Could not reach Paylink. Check your connection and try again.';
const UNREADABLE_ERROR_MESSAGE = 'Something went wrong. Please try again.';
const INVALID_RESPONSE_MESSAGE = 'Paylink sent an answer this page does not understand. Please reload and try again.';
const NOT_SIGNED_IN_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * What the client needs of a contract: its parse. The contracts are zod/mini schemas (docs/decisions.md #106);
 * a classic zod schema parses the same way.
 */
export interface Contract<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

interface ApiRequest<T> {
  method: 'GET' | ApiSendMethod;
  path: ApiPath;
  body?: unknown;
  schema: Contract<T>;
  accessToken?: string;
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retried POST act once. */
  headers?: Record<string, string>;
}

/** GET a public route. */
export function apiGet<T>(path: ApiPath, schema: Contract<T>): Promise<T> {
  return request({ method: 'GET', path, schema });
}

/** POST/PUT/PATCH/DELETE a JSON body to a public route. */
export function apiSend<T>(method: ApiSendMethod, path: ApiPath, body: unknown, schema: Contract<T>): Promise<T> {
  return request({ method, path, body, schema });
}

/** GET a route that needs the signed-in merchant (`/api/me/**`). */
export async function authenticatedApiGet<T>(path: ApiPath, schema: Contract<T>): Promise<T> {
  return request({ method: 'GET', path, schema, accessToken: await requireAccessToken() });
}

/** POST/PUT/PATCH/DELETE as the signed-in merchant. */
export async function authenticatedApiSend<T>(
  method: ApiSendMethod,
  path: ApiPath,
  body: unknown,
  schema: Contract<T>,
  options: { headers?: Record<string, string> } = {},
): Promise<T> {
  return request({ method, path, body, schema, accessToken: await requireAccessToken(), headers: options.headers });
}

async function requireAccessToken(): Promise<string> {
  const token = await currentAccessToken();
  if (!token) throw new ApiRequestError(401, 'not_signed_in', NOT_SIGNED_IN_MESSAGE);
  return token;
}

/**
 * The access token for the API: the session record's while it is good, without Amplify (lib/session-record.ts,
 * docs/decisions.md #180); else Amplify's, refreshed if it can be (`null` when nobody is signed in). Amplify is
 * loaded on demand, so pages calling only public routes never download it.
 */
export async function currentAccessToken(): Promise<string | null> {
  return goodSessionRecord()?.accessToken ?? (await import('./auth')).getAccessToken();
}

async function request<T>({ method, path, body, schema, accessToken, headers: extra }: ApiRequest<T>): Promise<T> {
  const headers: Record<string, string> = {
    ...extra,
    ...(accessToken ? signedInHeaders(accessToken) : { Accept: 'application/json' }),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    // The entry may have asked for this read already, as the page started (lib/early-reads.ts).
    const early = method === 'GET' ? takeEarlyRead(path, headers) : undefined;
    response = await (early ??
      fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  } catch {
    throw new ApiRequestError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    // In the cloud the merchant routes' authorizer refuses a token it no longer accepts with API Gateway's
    // bare 403 `{"message":"Forbidden"}` (an HTTP API's Lambda authorizer cannot answer 401). For a request
    // that carried a token, that is the session ending, exactly as a 401 is; Paylink's own 403s carry a code.
    if (response.status === 403 && accessToken && !apiErrorSchema.safeParse(payload).success) {
      throw new ApiRequestError(401, 'not_signed_in', NOT_SIGNED_IN_MESSAGE);
    }
    // Removed from the business this tab acts for (docs/decisions.md #161, #197): this tab's work there is
    // over; back to their own business at the next sign-in (their session elsewhere goes on).
    if (response.status === 403 && accessToken && apiErrorSchema.safeParse(payload).data?.code === 'not_a_member') {
      leaveRemovedBusiness();
      throw new ApiRequestError(401, 'not_signed_in', NOT_SIGNED_IN_MESSAGE);
    }
    throw errorFromResponse(response.status, payload);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Response of ${method} ${path} broke its contract`, parsed.error);
    throw new ApiRequestError(response.status, 'invalid_response', INVALID_RESPONSE_MESSAGE);
  }
  return parsed.data;
}

/** The body as JSON, or `undefined` when it is empty (204) or not JSON (e.g. a proxy's HTML error page). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromResponse(status: number, payload: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(payload);
  if (!parsed.success) return new ApiRequestError(status, 'http_error', UNREADABLE_ERROR_MESSAGE);
  const { code, message, fields } = parsed.data;
  return new ApiRequestError(status, code, message, fields);
}
