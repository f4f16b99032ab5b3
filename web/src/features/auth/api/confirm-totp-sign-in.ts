import { confirmSignIn } from 'aws-amplify/auth';
import { configureAuth } from '@web/lib/auth';

/**
 * Answers Cognito's SOFTWARE_TOKEN_MFA challenge of a password sign-in (two-factor on, docs/decisions.md #23)
 * with the code from the authenticator app. A wrong code throws CodeMismatchException and leaves the
 * sign-in waiting for another; an expired sign-in throws NotAuthorizedException (or Amplify's
 * SignInException when the page was reloaded since the password).
 */
export async function confirmTotpSignIn(code: string): Promise<void> {
  await configureAuth();
  const { isSignedIn, nextStep } = await confirmSignIn({ challengeResponse: code });
  if (!isSignedIn) throw new Error(`Sign-in stopped at ${nextStep.signInStep}`);
}
