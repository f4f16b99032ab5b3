/**
 * The dashboard's first reads, asked for by the entry as soon as it runs (app/early-page-chunks.ts):
 * /config.json, which Amplify needs before it can read the session, and the home's data with the access
 * token the browser already holds — beside the app's code, not after it, Amplify and the session check
 * (docs/decisions.md #102). The API client (and lib/runtime-config) takes each answer once, when the app
 * asks for the same path with the same token; a path not asked for within the window is read afresh.
 * Dependency-free: it is part of the entry.
 */

/** Long enough for a slow phone to load the app; short enough that no later visit gets an old answer. */
const FRESH_FOR_MS = 15_000;

interface EarlyRead {
  accessToken: string | undefined;
  startedAt: number;
  response: Promise<Response>;
}

const earlyReads = new Map<string, EarlyRead>();

/**
 * Starts GET `path` now, as its reader would ask for it (`init`), with the token if it needs one. `peek`
 * gets a copy of a successful answer's JSON, for what the entry draws before the app (the dashboard
 * frame's heading); the app still takes the answer itself, whole. Resolves once the answer (and `peek`) is
 * done with, or failed.
 */
export function startEarlyRead(
  path: string,
  init: RequestInit,
  accessToken?: string,
  peek?: (json: unknown) => void,
): Promise<void> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const response = fetch(path, { ...init, headers });
  // A failure is met by the read that takes it (as a network error), or by none.
  response.catch(() => undefined);
  earlyReads.set(path, { accessToken, startedAt: Date.now(), response });
  // Copied as the answer arrives, before the app can have read its body.
  return response
    .then(async (answer) => (peek && answer.ok ? peek(await answer.clone().json()) : undefined))
    .catch(() => undefined);
}

/**
 * The early answer to GET `path`, once, when it was asked with this same token (for the API, the one the
 * API client uses, so a token it would not use never answers for the app) and is still fresh.
 */
export function takeEarlyRead(path: string, accessToken?: string): Promise<Response> | undefined {
  const read = earlyReads.get(path);
  if (!read) return undefined;
  earlyReads.delete(path);
  if (read.accessToken !== accessToken || Date.now() - read.startedAt > FRESH_FOR_MS) return undefined;
  return read.response;
}
