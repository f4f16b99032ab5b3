/**
 * The consumer demo's two calls (docs/decisions.md #6): unlock with the password, then read the wallet with
 * the unlock token as a bearer header. The token lives in sessionStorage: unlocked for this browser
 * session, locked again in a new one.
 */
import { useQuery } from '@tanstack/react-query';
import type { Contract } from '@web/lib/api-client';
import { apiErrorSchema } from '@shared/contracts/errors';
import {
  consumerUnlockResponseSchema,
  consumerWalletSchema,
  type ConsumerUnlockResponse,
} from '@shared/contracts/consumer';
import { ApiRequestError } from '@web/lib/api-request-error';
import { consumerStrings } from '../consumer-strings';

const STORAGE_KEY = 'paylink.consumer-unlock';

export type ConsumerUnlock = ConsumerUnlockResponse;

/** The unlock this browser session holds, if it has not expired. */
export function readStoredUnlock(): ConsumerUnlock | null {
  try {
    const parsed = consumerUnlockResponseSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= Date.now()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function storeUnlock(unlock: ConsumerUnlock | null) {
  if (unlock) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(unlock));
  else sessionStorage.removeItem(STORAGE_KEY);
}

async function call<T>(path: string, init: RequestInit, schema: Contract<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new ApiRequestError(0, 'network_error', consumerStrings.gate.unreachable);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(payload);
    throw new ApiRequestError(
      response.status,
      error.success ? error.data.code : 'http_error',
      error.success ? error.data.message : consumerStrings.loadFailed,
    );
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiRequestError(response.status, 'invalid_response', consumerStrings.loadFailed);
  return parsed.data;
}

export function unlockConsumerDemo(password: string): Promise<ConsumerUnlock> {
  return call(
    '/api/consumer/unlock',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) },
    consumerUnlockResponseSchema,
  );
}

export function useConsumerWallet(token: string) {
  return useQuery({
    queryKey: ['consumer', 'wallet', token],
    queryFn: () =>
      call('/api/consumer/wallet', { headers: { Authorization: `Bearer ${token}` } }, consumerWalletSchema),
  });
}
