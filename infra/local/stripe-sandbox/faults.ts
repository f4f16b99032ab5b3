/**
 * Test-only: make the sandbox fail like Stripe does, so the reliability suite can prove every Stripe outage
 * ends in the product's words for the person and no orphan or duplicate payment. `POST /_emu/faults` (form or
 * JSON) arms a fault for the next `count` API requests matching `method` and `path` (`:name` matches one
 * path segment, e.g. `/v1/checkout/sessions/:id`):
 *
 * - `kind=timeout` holds the request `hold_ms` (default 6 s: longer than the app's 5 s client timeout), then
 *   drops the connection without an answer;
 * - `kind=5xx` answers `status` (500 default, or 502/503/504) with Stripe's `api_error` body;
 * - `kind=4xx` answers `status` (400 default: `invalid_request_error`; 402: `card_error`, `card_declined`).
 *
 * A faulted request is never applied (nothing is created or changed), and the SDK's own retry is one more
 * matching request: `count=2` fails a call the app's client retries once. `GET /_emu/faults` lists them with
 * how many each injected; `DELETE /_emu/faults` clears them all.
 */
import { StripeApiError, invalidParameter } from './stripe-error';
import type { Params } from './form-params';

export type FaultKind = 'timeout' | '5xx' | '4xx';

export interface Fault extends Record<string, unknown> {
  object: 'test_fault';
  id: string;
  method: string;
  path: string;
  kind: FaultKind;
  status: number;
  /** Matching requests still to fail. */
  remaining: number;
  /** Matching requests failed so far. */
  injected: number;
  holdMs: number;
}

export type FaultAnswer =
  { kind: 'timeout'; holdMs: number } | { kind: 'status'; status: number; body: { error: Record<string, unknown> } };

export interface StripeFaults {
  add(params: Params): Fault;
  list(): { object: 'list'; data: Fault[] };
  clear(): { object: 'list'; data: Fault[] };
  /** The answer for this request if an armed fault matches it (and uses one of its count). */
  take(method: string, pathname: string): FaultAnswer | undefined;
}

const DEFAULT_HOLD_MS = 6_000;

function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

function wholeNumber(params: Params, name: string, fallback: number): number {
  const raw = params[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw invalidParameter(name, `${name} must be a whole number.`);
  return value;
}

function bodyFor(fault: Fault): { error: Record<string, unknown> } {
  if (fault.kind === '5xx') {
    return {
      error: {
        type: 'api_error',
        message: 'An unknown error occurred on Stripe’s servers (sandbox fault injection).',
      },
    };
  }
  if (fault.status === 402) {
    return {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined (sandbox fault injection).',
      },
    };
  }
  return {
    error: {
      type: 'invalid_request_error',
      code: 'parameter_invalid_empty',
      message: 'The request was refused (sandbox fault injection).',
    },
  };
}

export function createStripeFaults(log: (line: string) => void): StripeFaults {
  let faults: (Fault & { pattern: RegExp })[] = [];
  let nextId = 1;
  const visible = () => ({
    object: 'list' as const,
    data: faults.map(({ pattern: _pattern, ...fault }) => fault),
  });
  return {
    add(params) {
      const method = String(params.method ?? 'POST').toUpperCase();
      const path = String(params.path ?? '');
      if (!path.startsWith('/v1/')) throw invalidParameter('path', 'path must be an API path such as /v1/refunds.');
      const kind = String(params.kind ?? '') as FaultKind;
      if (!['timeout', '5xx', '4xx'].includes(kind)) {
        throw invalidParameter('kind', 'kind must be timeout, 5xx or 4xx.');
      }
      const status = wholeNumber(params, 'status', kind === '4xx' ? 400 : kind === '5xx' ? 500 : 0);
      if (kind === '5xx' && (status < 500 || status > 599)) throw invalidParameter('status', 'A 5xx fault needs 5xx.');
      if (kind === '4xx' && ![400, 402].includes(status))
        throw invalidParameter('status', 'A 4xx fault is 400 or 402.');
      const fault = {
        object: 'test_fault' as const,
        id: `fault_${nextId++}`,
        method,
        path,
        kind,
        status,
        remaining: wholeNumber(params, 'count', 1),
        injected: 0,
        holdMs: wholeNumber(params, 'hold_ms', DEFAULT_HOLD_MS),
        pattern: patternOf(path),
      };
      faults.push(fault);
      const { pattern: _pattern, ...shown } = fault;
      return shown;
    },
    list: visible,
    clear() {
      faults = [];
      return visible();
    },
    take(method, pathname) {
      const fault = faults.find(
        (candidate) => candidate.remaining > 0 && candidate.method === method && candidate.pattern.test(pathname),
      );
      if (!fault) return undefined;
      fault.remaining--;
      fault.injected++;
      log(
        `stripe-sandbox: ${method} ${pathname} fault injected (${fault.kind} ${fault.status || fault.holdMs + ' ms'})`,
      );
      if (fault.kind === 'timeout') return { kind: 'timeout', holdMs: fault.holdMs };
      return { kind: 'status', status: fault.status, body: bodyFor(fault) };
    },
  };
}

/** JSON bodies for the fault control, as well as the form encoding every other control takes. */
export function faultParams(body: string, formParams: Params): Params {
  if (!body.trimStart().startsWith('{')) return formParams;
  try {
    return { ...formParams, ...(JSON.parse(body) as Params) };
  } catch {
    throw new StripeApiError(400, 'invalid_request_error', 'The fault control body is not valid JSON.');
  }
}
