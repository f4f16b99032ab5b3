/**
 * When a merchant's sessions end. Cognito itself ends none on a password reset: someone who had the old
 * password (the reason for many resets) would stay signed in for the refresh token's 30 days. So a reset
 * ends every session, as "Sign out everywhere" does.
 */

/** Ends every session of a user: their refresh tokens stop working, and Cognito refuses their access tokens. */
export interface SessionDirectory {
  signOutEverywhere(userPoolId: string, username: string): Promise<void>;
}

/** The part of Cognito's PostConfirmation event these rules read. */
export interface ConfirmationEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
}

export async function endSessionsAfterPasswordReset(event: ConfirmationEvent, sessions: SessionDirectory) {
  if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return;
  await sessions.signOutEverywhere(event.userPoolId, event.userName);
}
