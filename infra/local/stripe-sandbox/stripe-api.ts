/**
 * Answering one Stripe API request (`/v1/…`, and the test controls under `/_emu/`) the way Stripe's
 * API does: armed faults first, then idempotent replay, the API key and `Stripe-Account`, the route,
 * and `expand[]` on the answer.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { ApiRoute } from './api-route';
import type { Account } from './connect-accounts';
import { expand } from './expansion';
import { faultParams, type StripeFaults } from './faults';
import { expandParam, parseParams } from './form-params';
import { header, sendJson } from './http-responses';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { StripeApiError } from './stripe-error';

/** The API version stripe-node 23.1.0 pins; events say it like Stripe's do. */
export const SANDBOX_API_VERSION = '2026-10-28.endive';

/** The API request being handled, named in the events it causes (`event.request`). */
export interface CurrentApiRequest {
  id: string | null;
  idempotencyKey: string | null;
}

export interface StripeApi {
  handle(request: http.IncomingMessage, response: http.ServerResponse, url: URL, body: string): void;
  /** Drops the requests a `timeout` fault is still holding (when the sandbox stops). */
  releaseHeld(): void;
}

export function createStripeApi(deps: {
  context: SandboxContext;
  routes: readonly ApiRoute[];
  faults: StripeFaults;
  currentRequest: CurrentApiRequest;
}): StripeApi {
  const { context, routes, faults, currentRequest } = deps;
  const { store } = context;
  const held = new Set<{ timer: NodeJS.Timeout; response: http.ServerResponse }>();

  function handle(request: http.IncomingMessage, response: http.ServerResponse, url: URL, body: string) {
    const requestId = newId('req', 14);
    const method = request.method ?? 'GET';
    const headers = { 'request-id': requestId, 'stripe-version': SANDBOX_API_VERSION };
    const isTestControl = url.pathname.startsWith('/_emu/');
    const account = isTestControl ? null : (header(request, 'stripe-account') ?? null);
    const idempotencyKey = method === 'GET' || isTestControl ? null : (header(request, 'idempotency-key') ?? null);
    const idempotencyScope = idempotencyKey ? `${account ?? 'platform'}:${idempotencyKey}` : null;
    Object.assign(currentRequest, { id: requestId, idempotencyKey });
    const formParams = { ...parseParams(url.search.slice(1)), ...parseParams(body) };
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${body}`).digest('hex');

    const answer = (status: number, payload: unknown) => {
      if (idempotencyScope) {
        store.rememberResponse(idempotencyScope, {
          method,
          path: url.pathname,
          paramsFingerprint: fingerprint,
          status,
          body: payload,
        });
      }
      store.save();
      sendJson(response, status, payload, headers);
    };

    let params = formParams;
    try {
      if (url.pathname === '/_emu/faults') params = faultParams(body, formParams);
      // An armed fault (test control) fails the request before Stripe would have done anything.
      const fault = isTestControl ? undefined : faults.take(method, url.pathname);
      if (fault?.kind === 'timeout') {
        const hold = {
          response,
          timer: setTimeout(() => {
            held.delete(hold);
            response.destroy();
          }, fault.holdMs),
        };
        held.add(hold);
        return;
      }
      if (fault) return sendJson(response, fault.status, fault.body, headers);
      if (idempotencyScope) {
        const stored = store.idempotentResponse(idempotencyScope);
        if (stored) {
          if (stored.paramsFingerprint !== fingerprint) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          sendJson(response, stored.status, stored.body, { ...headers, 'idempotent-replayed': 'true' });
          return;
        }
      }
      if (!isTestControl) {
        const authorization = header(request, 'authorization') ?? '';
        if (!/^Bearer (sk|rk)_test_\S+$/.test(authorization)) {
          throw new StripeApiError(
            401,
            'authentication_error',
            'Invalid API Key provided. The sandbox accepts any test key (sk_test_…).',
          );
        }
        if (account && !store.find<Account>(account, null)) {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `The provided key does not have access to account '${account}' (or that account does not exist).`,
            'account_invalid',
          );
        }
      }
      const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
      if (!route) {
        throw new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}).`,
        );
      }
      const apiRequest = { method, match: route.pattern.exec(url.pathname)!, params, account, url };
      const result = route.handle(apiRequest);
      const paths = expandParam(params);
      const expanded = paths.length ? expandResult(context, result, paths, account) : result;
      answer(200, expanded);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer(error.status, error.toBody());
    } finally {
      Object.assign(currentRequest, { id: null, idempotencyKey: null });
    }
  }

  return {
    handle,
    releaseHeld() {
      for (const hold of held) {
        clearTimeout(hold.timer);
        hold.response.destroy();
      }
      held.clear();
    },
  };
}

/** `expand[]` on one object, or `data.…` on each object of a list page, as Stripe expands lists. */
function expandResult(
  context: SandboxContext,
  result: StripeObject | Record<string, unknown>,
  paths: string[],
  account: string | null,
) {
  if (result.object === 'list' && Array.isArray(result.data)) {
    const itemPaths = paths.filter((path) => path.startsWith('data.')).map((path) => path.slice('data.'.length));
    if (!itemPaths.length) return result;
    return {
      ...result,
      data: (result.data as StripeObject[]).map((item) => expand(context, item, itemPaths, account)),
    };
  }
  return 'id' in result ? expand(context, result as StripeObject, paths, account) : result;
}
