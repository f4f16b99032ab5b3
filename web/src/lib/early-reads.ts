/**
 * Signed-in reads the entry starts before the app's code has arrived (docs/decisions.md #276): on a signed-in
 * merchant's /dashboard the entry knows the token (the session record) and what the home reads, so it asks for
 * them while the app's chunk is still on its way; the api client then takes each answer instead of asking again.
 * Dependency-free apart from the session record and the business header, both of which the entry has already.
 */
import { businessHeaders } from './current-business';
import { goodSessionRecord } from './session-record';

const started = new Map<string, Promise<Response>>();

/**
 * The headers of a signed-in request, the api client's and the entry's early reads' alike: an early answer is
 * taken only for a request with the same ones (the same token and business).
 */
export function signedInHeaders(accessToken: string): Record<string, string> {
  return { Accept: 'application/json', Authorization: `Bearer ${accessToken}`, ...businessHeaders() };
}

/** Starts a GET of each path, when the session record's token is good; without one, the app asks (via Amplify). */
export function startEarlyReads(paths: readonly string[]): void {
  const record = goodSessionRecord();
  if (!record) return;
  const headers = signedInHeaders(record.accessToken);
  for (const path of paths) {
    const response = fetch(path, { headers });
    // A failed read is the api client's to report when it takes it; until then it is not an unhandled rejection.
    response.catch(() => undefined);
    started.set(readKey(path, headers), response);
  }
}

/**
 * The early read of `path` with exactly these headers, handed out once: the first request for it takes it (the
 * page's first read, made as the app starts), and every later one asks the server afresh.
 */
export function takeEarlyRead(path: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = readKey(path, headers);
  const response = started.get(key);
  started.delete(key);
  return response;
}

function readKey(path: string, headers: Record<string, string>): string {
  const names = Object.keys(headers).sort();
  return JSON.stringify([path, ...names.map((name) => [name, headers[name]])]);
}
