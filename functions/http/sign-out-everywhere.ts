/**
 * POST /api/me/sign-out-everywhere (Settings → Sessions): every session of the person ends — Cognito's global
 * sign-out revokes the refresh tokens, and the session cut refuses the access tokens already handed out from
 * their next request (docs/decisions.md #200). The browser calls this rather than Cognito, which could do only
 * the first.
 */
import { signOutEverywhereWithToken } from '../adapters/cognito-sessions';
import { sessionEndStore } from '../adapters/session-end-store';
import { endEverySession } from '../domain/session-ends';
import { accessOf, httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  // The token the authorizer has already verified: Cognito's own sign-out for the user takes it.
  const accessToken = (event.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  await endEverySession(accessOf(event).personId, () => signOutEverywhereWithToken(accessToken), {
    ends: sessionEndStore,
  });
  return { body: { signedOut: true } };
});
