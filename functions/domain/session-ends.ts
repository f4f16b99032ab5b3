/**
 * When a person's sessions end, every access token already handed out stops working on their next request
 * (docs/decisions.md #200). Cognito's global sign-out revokes refresh tokens and its own operations' use of an
 * access token, but a token is a signed JWT that our authorizers check by signature and expiry alone: without
 * this it kept reaching /api/me/* until its hour was up. So ending sessions also records a cut, a time in
 * whole epoch seconds, and a token whose sign-in is older than the person's cut is refused.
 */
import { HttpError } from './http-error';

/** Each person's latest cut, in epoch seconds. */
export interface SessionEndRepository {
  endedAt(personId: string): Promise<number | undefined>;
  /** Moves the person's cut forward to `cutSeconds` (an earlier one never replaces a later). */
  recordEnd(personId: string, cutSeconds: number): Promise<void>;
}

export const SESSION_ENDED_MESSAGE =
  'Your session has ended: you were signed out everywhere (two-factor was changed, the password was reset, or you were removed from a team). Sign in again.';

export const sessionEnded = () => new HttpError(401, 'session_ended', SESSION_ENDED_MESSAGE);

/**
 * Whether a token signed in at `signedInAt` (its `auth_time`, epoch seconds) is still in a session: true unless
 * the person's sessions ended after it. A token without the time counts as signed in at 0.
 */
export function isSessionOpen(endedAt: number | undefined, signedInAt: number | undefined): boolean {
  return endedAt === undefined || (signedInAt ?? 0) >= endedAt;
}

export interface EndSessionsDeps {
  ends: SessionEndRepository;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Ends every session of a person: the cut recorded first (their access tokens are refused from the next
 * request), then Cognito's sign-out (`signOutWithCognito`, revoking the refresh tokens). Tokens carry their
 * sign-in time in whole seconds, so the cut is the next whole second and the answer waits for it (under a
 * second): every token signed in before the answer is refused, every one signed in after it is not.
 */
export async function endEverySession(
  personId: string,
  signOutWithCognito: () => Promise<void>,
  deps: EndSessionsDeps,
): Promise<void> {
  const now = deps.now ?? Date.now;
  const cut = Math.floor(now() / 1000) + 1;
  await deps.ends.recordEnd(personId, cut);
  await signOutWithCognito();
  await (deps.wait ?? sleep)(Math.max(0, cut * 1000 - now()));
}
