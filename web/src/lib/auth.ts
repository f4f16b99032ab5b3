/**
 * Cognito sign-in state through Amplify. It carries Amplify, and the public pages (landing, the payer's
 * /p/:id) must not download it: import it with `import()`, or statically only from the lazy routes that
 * need it at once (/verify-email, /auth/magic, /reset-password). /login and /signup import it on submit,
 * so their form paints without it.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { readMagicLinkToken } from '@shared/contracts/auth';
import { JOINS_TEAM_METADATA } from '@shared/joining-team';
import { loadRuntimeConfig } from './runtime-config';
import { clearSessionRecord, sessionRecordFor, writeSessionRecord } from './session-record';
import { signedUpToJoinTeam } from './team-signup-email';

/** Who is signed in, as far as the browser can tell from its tokens. */
export interface SignedInSession {
  userId: string;
  email: string | undefined;
}

let amplifyConfigured: Promise<void> | undefined;

/** Configures Amplify from `/config.json` once; every function below waits for it. */
export function configureAuth(): Promise<void> {
  amplifyConfigured ??= loadRuntimeConfig().then(
    (config) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            // Only the local runtime sets this (cognito-local); in the cloud Amplify derives the endpoint.
            ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
    },
    (error: unknown) => {
      amplifyConfigured = undefined;
      throw error;
    },
  );
  return amplifyConfigured;
}

/**
 * The current session from Amplify, refreshing expired tokens if it can; `null` when nobody is signed in.
 * Each answer is copied into Paylink's own session record (lib/session-record.ts), which the next page start
 * reads without Amplify; no session removes it.
 */
async function readSession(): Promise<(SignedInSession & { accessToken: string }) | null> {
  await configureAuth();
  const { tokens, userSub } = await fetchAuthSession();
  if (!tokens?.accessToken) {
    clearSessionRecord();
    return null;
  }
  const { payload } = tokens.accessToken;
  const email = tokens.idToken?.payload.email;
  const session = {
    userId: userSub ?? String(payload.sub),
    email: typeof email === 'string' ? email : undefined,
    accessToken: tokens.accessToken.toString(),
  };
  writeSessionRecord(
    sessionRecordFor(
      { token: session.accessToken, issuedAt: Number(payload.iat), expiresAt: Number(payload.exp) },
      { userId: session.userId, email: session.email },
    ),
  );
  return session;
}

/** The current session, refreshing expired tokens if it can; `null` when nobody is signed in. */
export async function getSignedInSession(): Promise<SignedInSession | null> {
  const session = await readSession();
  return session && { userId: session.userId, email: session.email };
}

/** The access token the API's merchant authorizer checks, or `null` when nobody is signed in. */
export async function getAccessToken(): Promise<string | null> {
  return (await readSession())?.accessToken ?? null;
}

/**
 * Logout (and a session the API no longer accepts) ends this device's session: Amplify forgets the
 * tokens and, where the pool revokes tokens as the cloud's does, revokes this device's refresh token.
 * Other devices stay signed in: logging out of the shop's tablet should not log the owner out of their phone.
 */
export async function signOutThisDevice(): Promise<void> {
  clearSessionRecord();
  await configureAuth();
  await signOut();
}

/** Cognito's name for a failure (`NotAuthorizedException`, `ExpiredCodeException`…), to tell failures apart. */
export function authErrorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** What a password sign-in came to, when Cognito answered without an error. */
export type PasswordSignInOutcome =
  | 'signed-in'
  | 'email-not-confirmed'
  | 'password-reset-required'
  // The password was right and the merchant has two-factor on: confirmSignIn with the authenticator code.
  | 'totp-code-required';

/**
 * Signs in with email and password (USER_PASSWORD_AUTH: the local Cognito has no SRP). Wrong credentials
 * throw NotAuthorizedException; an unconfirmed email comes back as an outcome, as Amplify reports it.
 */
export async function signInWithPassword(email: string, password: string): Promise<PasswordSignInOutcome> {
  await configureAuth();
  const { isSignedIn, nextStep } = await withFreshSignIn(() =>
    signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } }),
  );
  if (isSignedIn) return 'signed-in';
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'email-not-confirmed';
  if (nextStep.signInStep === 'RESET_PASSWORD') return 'password-reset-required';
  if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totp-code-required';
  throw new Error(`Sign-in asked for a step Paylink does not offer: ${nextStep.signInStep}`);
}

/** The magic-link token is not one of ours (truncated, edited): no need to ask Cognito. */
export class InvalidMagicLinkError extends Error {
  override readonly name = 'InvalidMagicLinkError';
}

/**
 * Signs in with the token from an emailed magic link (Cognito CUSTOM_AUTH: the one challenge is the token).
 * A used, expired or forged token throws NotAuthorizedException.
 */
export async function signInWithMagicLink(token: string): Promise<void> {
  const payload = readMagicLinkToken(token);
  if (!payload) throw new InvalidMagicLinkError('The sign-in link is incomplete.');
  // Already signed in as this merchant (e.g. an old link opened again): nothing to do, and no reason to
  // spend the token or end the session.
  const current = await getSignedInSession().catch(() => null);
  if (current?.email && current.email.toLowerCase() === payload.email.toLowerCase()) return;
  const started = await withFreshSignIn(() =>
    signIn({ username: payload.email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }),
  );
  if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') {
    throw new Error(`Magic-link sign-in stopped at ${started.nextStep.signInStep}`);
  }
  const answered = await confirmSignIn({ challengeResponse: token });
  if (!answered.isSignedIn) throw new Error(`Magic-link sign-in stopped at ${answered.nextStep.signInStep}`);
}

/**
 * A new sign-in replaces whoever was signed in on this browser (e.g. a magic link for another account
 * opened while signed in): Amplify refuses to sign in over a session, so that session is ended first.
 */
async function withFreshSignIn<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (authErrorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOutThisDevice();
    return attempt();
  }
}

/**
 * Confirms the email address with the code from the verification link. Signs nobody in: the next step is
 * the sign-in page (docs/decisions.md #16). Clicking the link again after it worked is not an error for the person.
 */
export async function confirmEmail(email: string, code: string): Promise<'confirmed' | 'already-confirmed'> {
  await configureAuth();
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
    return 'confirmed';
  } catch (error) {
    // Cognito: NotAuthorizedException "User cannot be confirmed. Current status is CONFIRMED".
    if (authErrorName(error) === 'NotAuthorizedException' && /status is CONFIRMED/i.test((error as Error).message)) {
      return 'already-confirmed';
    }
    throw error;
  }
}

/**
 * Emails a new verification link. A person who signed up here from a team invitation gets the team's words
 * again: Cognito hands the ClientMetadata to the custom-message trigger (docs/decisions.md #293).
 */
export async function resendVerificationEmail(email: string): Promise<void> {
  await configureAuth();
  const clientMetadata = signedUpToJoinTeam(email) ? { [JOINS_TEAM_METADATA]: 'true' } : undefined;
  await resendSignUpCode({ username: email, options: { clientMetadata } });
}

/**
 * Emails a password-reset link (to /reset-password?code=…&email=…). Answers the same whether or not the
 * account exists, so the form cannot be used to find out who has one.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await configureAuth();
  try {
    await resetPassword({ username: email });
  } catch (error) {
    if (authErrorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** Sets a new password with the code from the reset link. */
export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await configureAuth();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}
