import { ApiRequestError } from '@web/lib/api-request-error';

/** A call's result as a value: the pages draw a failure rather than throw it to an error boundary. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiRequestError };

const outcomes = new Map<string, Promise<Outcome<unknown>>>();

/**
 * Runs `load` once per `key` for the life of the page and hands every caller the same promise, for React's
 * `use()`: a page's call happens once however often React renders or mounts it (StrictMode mounts twice),
 * which matters for calls that change something, like cancelling a payment. A retry asks with a new key.
 */
export function loadOnce<T>(key: string, load: () => Promise<T>): Promise<Outcome<T>> {
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome = load().then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({
        ok: false,
        error: error instanceof ApiRequestError ? error : new ApiRequestError(0, 'network_error', String(error)),
      }),
    );
    outcomes.set(key, outcome);
  }
  return outcome as Promise<Outcome<T>>;
}
