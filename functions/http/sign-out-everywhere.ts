/**
 * POST /api/me/sign-out-everywhere (Settings → Sessions): every session of the person ends — Cognito's global
 * sign-out revokes the refresh tokens, and the session cut refuses the access tokens already handed out from
 * their next request (docs/decisions.md #200). The browser calls this rather than Cognito, which could do only
 * the first.
 */
import { cognitoSessions } from '../adapters/cognito-sessions';
import { sessionEndStore } from '../adapters/session-end-store';
import { endEverySession } from '../domain/session-ends';
import { ENV } from '../environment';
import { accessOf, httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  // AdminUserGlobalSignOut (the catalogue's `signsOutUsers`): the browser's token carries no scope for
  // Cognito's own GlobalSignOut (docs/decisions.md #259). The person's id is their Cognito username (sub).
  const { personId } = accessOf(event);
  await endEverySession(personId, () => cognitoSessions.signOutEverywhere(process.env[ENV.userPoolId]!, personId), {
    ends: sessionEndStore,
  });
  return { body: { signedOut: true } };
});
