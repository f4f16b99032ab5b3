/**
 * The address this browser signed up from a team invitation, until it is confirmed (docs/decisions.md #293).
 * The verification email Cognito sends again on request ("Resend verification email") carries only what the
 * browser asks for it with, and the invitation's token is used up by then: this is what tells the resend that
 * the person is joining a team, so the new email says so, as the first one did (#283). It changes only the
 * email's words to that address, so a wrong value here opens nothing.
 */
const STORAGE_KEY = 'paylink.team-signup-email';

/** Kept by the invited sign-up and by a verification link that says the person is joining a team. */
export function rememberTeamSignupEmail(email: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, email.trim().toLowerCase());
  } catch {
    // Without storage a resent email has the new merchant's words; the link still confirms the address.
  }
}

/** Whether `email` is the address this browser signed up from a team invitation. */
export function signedUpToJoinTeam(email: string): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === email.trim().toLowerCase();
  } catch {
    return false;
  }
}
