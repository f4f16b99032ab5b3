/**
 * Paylink's own small record of the signed-in session, in localStorage under `SESSION_RECORD_KEY`: who is
 * signed in and the access token Amplify last handed out, with the time it is good until. lib/auth writes it
 * each time Amplify hands out tokens (a sign-in, a refresh, a session read) and removes it when the session
 * ends; the start of a page reads it without downloading Amplify (~38 KB gzip, docs/decisions.md #180).
 * Amplify's own storage stays Amplify's: nothing here reads its keys.
 * Dependency-free: the entry and web/public/prerendered-boot.js (which names the same key) read it.
 */
export const SESSION_RECORD_KEY = 'paylink.session';

/** A token that expires sooner than this is left to Amplify, which refreshes it. */
const TOKEN_MARGIN_MS = 60_000;

export interface SessionRecord {
  userId: string;
  email: string | undefined;
  accessToken: string;
  /** This browser's clock (ms) when the access token stops being good (see `sessionRecordFor`). */
  goodUntil: number;
}

/** The access token's claims as lib/auth has them from Amplify (seconds since the epoch). */
export interface IssuedToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

/**
 * The record for a token Amplify handed out. It is good until the token's `exp`, and never longer than its
 * lifetime counted from now: on a browser whose clock runs behind Cognito's, a token just issued then expires
 * by this clock no later than by Cognito's (Amplify measures the same drift). A token already in the record
 * keeps its time.
 */
export function sessionRecordFor(
  access: IssuedToken,
  who: { userId: string; email: string | undefined },
  now = Date.now(),
): SessionRecord {
  const known = readSessionRecord();
  const goodUntil =
    known?.accessToken === access.token
      ? known.goodUntil
      : Math.min(access.expiresAt * 1000, now + (access.expiresAt - access.issuedAt) * 1000);
  return { ...who, accessToken: access.token, goodUntil };
}

export function writeSessionRecord(record: SessionRecord): void {
  try {
    window.localStorage.setItem(SESSION_RECORD_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked (some private modes): every page start asks Amplify instead.
  }
}

export function clearSessionRecord(): void {
  try {
    window.localStorage.removeItem(SESSION_RECORD_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** The record as stored, or `null` (none, unreadable, or prerendering at build time without a browser). */
export function readSessionRecord(): SessionRecord | null {
  if (typeof window === 'undefined') return null;
  try {
    const stored = window.localStorage.getItem(SESSION_RECORD_KEY);
    if (!stored) return null;
    const record = JSON.parse(stored) as Partial<SessionRecord>;
    const { userId, accessToken, goodUntil, email } = record;
    if (typeof userId !== 'string' || typeof accessToken !== 'string' || typeof goodUntil !== 'number') return null;
    return { userId, accessToken, goodUntil, email: typeof email === 'string' ? email : undefined };
  } catch {
    return null;
  }
}

/**
 * `false` only when this browser certainly has no session of ours (no record: never signed in here, or signed
 * out); with a record whose token has expired, Amplify may still refresh it, so `true`.
 */
export function mayBeSignedIn(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.localStorage.getItem(SESSION_RECORD_KEY) !== null;
  } catch {
    // Storage blocked: Amplify's own answer decides.
    return true;
  }
}

/** The record while its token is good for another minute; `null` when Amplify must answer (and refresh). */
export function goodSessionRecord(now = Date.now()): SessionRecord | null {
  const record = readSessionRecord();
  return record && record.goodUntil - TOKEN_MARGIN_MS > now ? record : null;
}
