/**
 * When a merchant's sessions end. Cognito itself ends none on a password reset: someone who had the old
 * password (the reason for many resets) would stay signed in for the refresh token's 30 days. So a reset
 * ends every session, as "Sign out everywhere" does.
 */
import { endEverySession, type SessionEndRepository } from './session-ends';

/** Ends every session of a user: their refresh tokens stop working, and Cognito refuses their access tokens. */
export interface SessionDirectory {
  signOutEverywhere(userPoolId: string, username: string): Promise<void>;
}

/** The part of Cognito's PostConfirmation event these rules read. */
export interface ConfirmationEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
}

/** The access tokens signed in before the reset end with it too (docs/decisions.md #200). */
export async function endSessionsAfterPasswordReset(
  event: ConfirmationEvent,
  sessions: SessionDirectory,
  ends: SessionEndRepository,
) {
  if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return;
  const personId = event.request.userAttributes.sub || event.userName;
  await endEverySession(personId, () => sessions.signOutEverywhere(event.userPoolId, event.userName), { ends });
}
