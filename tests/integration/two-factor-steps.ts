/**
 * The steps two-factor and session tests take against the local runtime: Paylink's routes (status, setup,
 * on and off), a password sign-in through the browser's client or the server-only one (whose tokens keep
 * Cognito's self-service scope, docs/decisions.md #259) answered with the code when one is asked, a magic
 * link, a refresh, and turning the app on as Settings does.
 */
import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  DeleteUserCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect } from 'vitest';
import { readMagicLinkToken } from '@shared/contracts/auth';
import { linkIn, waitForEmail } from '../support/mailbox';
import { asIssuedBeforeTheScopeWasSuppressed } from '../support/self-service-scope';
import { freshCode } from '../support/totp-codes';
import { TEST_PASSWORD, bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

export { SELF_SERVICE_SCOPE, asIssuedBeforeTheScopeWasSuppressed, scopesOf } from '../support/self-service-scope';

/** A test merchant whose access token can call Cognito's own operations, as one from before #259 could. */
export const withSelfServiceScope = <T extends TestMerchant>(merchant: T): T => ({
  ...merchant,
  accessToken: asIssuedBeforeTheScopeWasSuppressed(merchant.accessToken),
});

/**
 * Every Cognito operation an access token's holder could use against the account: a new authenticator app,
 * turning two-factor off, reading or changing attributes, the password, signing out, deleting the account.
 * The name changes to 'Mallory' and the password to `newPassword`, so a test can tell that nothing happened.
 */
export const selfServiceOperations = (token: string, password: string, newPassword: string) => [
  new AssociateSoftwareTokenCommand({ AccessToken: token }),
  new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: '123456' }),
  new SetUserMFAPreferenceCommand({
    AccessToken: token,
    SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
  }),
  new GetUserCommand({ AccessToken: token }),
  new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes: [{ Name: 'name', Value: 'Mallory' }] }),
  new GetUserAttributeVerificationCodeCommand({ AccessToken: token, AttributeName: 'email' }),
  new VerifyUserAttributeCommand({ AccessToken: token, AttributeName: 'email', Code: '123456' }),
  new ChangePasswordCommand({ AccessToken: token, PreviousPassword: password, ProposedPassword: newPassword }),
  new GlobalSignOutCommand({ AccessToken: token }),
  new DeleteUserCommand({ AccessToken: token }),
];

/** The local runtime, booted once for the test file, and the steps against it. */
export function twoFactorRuntime() {
  let env: TestRuntime;
  beforeAll(async () => {
    env = await bootLocalRuntime();
  });
  afterAll(async () => {
    await env?.stop();
  });
  return { env: () => env, ...twoFactorSteps(() => env) };
}

export function twoFactorSteps(env: () => TestRuntime) {
  const clientId = () => env().runtime.cognito.userPoolClientId;
  const serverClientId = () => env().runtime.cognito.userPoolServerClientId;

  const paylink = (accessToken: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    env().api(path, {
      method,
      token: accessToken,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  const changeTwoFactor = (accessToken: string, body: unknown) =>
    paylink(accessToken, 'POST', '/api/me/two-factor', body);
  const setUpTwoFactor = (accessToken: string, password = TEST_PASSWORD) =>
    paylink(accessToken, 'POST', '/api/me/two-factor/setup', { password });
  const twoFactorStatus = async (accessToken: string) => {
    const answer = await paylink(accessToken, 'GET', '/api/me/two-factor');
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()) as { enabled: boolean };
  };

  /** A password sign-in's first answer (tokens, or the code challenge), through `client`. */
  const passwordSignIn = (email: string, password = TEST_PASSWORD, client = clientId()) =>
    env().cognito.send(
      new InitiateAuthCommand({
        ClientId: client,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  /** A password sign-in's tokens, answering the code when two-factor asks for one. */
  async function signInWithCode(email: string, secret?: string, usedStep?: number, client = clientId()) {
    const started = await passwordSignIn(email, TEST_PASSWORD, client);
    if (!started.ChallengeName) return { tokens: started.AuthenticationResult!, usedStep };
    const { code, step } = await freshCode(secret!, usedStep);
    const answered = await env().cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: client,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USER_ID_FOR_SRP!, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
    return { tokens: answered.AuthenticationResult!, usedStep: step };
  }

  /** Tokens of the server-only client, which may call Cognito's own operations (as a token from before #259 could). */
  const serverSignIn = (email: string, secret?: string, usedStep?: number) =>
    signInWithCode(email, secret, usedStep, serverClientId());

  /** A password sign-in's refresh token, answering the code when two-factor asks for one. */
  async function refreshTokenOf(email: string, secret?: string, usedStep?: number) {
    const signedIn = await signInWithCode(email, secret, usedStep);
    return { refreshToken: signedIn.tokens.RefreshToken!, usedStep: signedIn.usedStep };
  }

  const refresh = (refreshToken: string, client = clientId()) =>
    env().cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: client, RefreshToken: refreshToken }));

  const refreshes = (refreshToken: string) =>
    refresh(refreshToken)
      .then(() => true)
      .catch((error: { name?: string }) => {
        if (error.name === 'NotAuthorizedException') return false;
        throw error;
      });

  /** A magic link requested through Paylink and answered as Amplify's CUSTOM_WITHOUT_SRP flow does. */
  async function magicLinkSignIn(email: string) {
    const requested = await env().api('/api/auth/magic-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(requested.status).toBe(202);
    await env().settle();
    const sent = await waitForEmail(env().runtime.mailbox.url, email, { subject: /sign-in link/ });
    const token = linkIn(sent, '/auth/magic').hash.slice(1);
    const started = await env().cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: readMagicLinkToken(token)!.email },
      }),
    );
    expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
    return env().cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: token },
      }),
    );
  }

  /** Turns two-factor on through Paylink's routes, as Settings does; answers the secret and the step used. */
  async function turnOn(merchant: TestMerchant) {
    const setUp = await setUpTwoFactor(merchant.accessToken, merchant.password);
    expect(setUp.status, await setUp.clone().text()).toBe(200);
    const { secret } = (await setUp.json()) as { secret: string };
    const { code, step } = await freshCode(secret);
    const answer = await changeTwoFactor(merchant.accessToken, { turn: 'on', password: merchant.password, code });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ enabled: true, signedOut: true });
    return { secret, usedStep: step };
  }

  /**
   * Turns two-factor on straight through Cognito, as people did before Paylink's routes (#169) with a token
   * from before #259: no record of it in Paylink, no session ended. Answers the secret and the step used.
   */
  async function turnOnInCognito(merchant: TestMerchant) {
    const token = asIssuedBeforeTheScopeWasSuppressed(merchant.accessToken);
    const { SecretCode } = await env().cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
    const { code, step } = await freshCode(SecretCode!);
    await env().cognito.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: code }));
    await env().cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: token,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { secret: SecretCode!, usedStep: step };
  }

  /** The person's MFA settings as Cognito holds them (AdminGetUser: the browser's token cannot call GetUser). */
  const mfaSettingsOf = async (sub: string) =>
    (await env().cognito.send(new AdminGetUserCommand({ UserPoolId: env().runtime.cognito.userPoolId, Username: sub })))
      .UserMFASettingList ?? [];

  return {
    mfaSettingsOf,
    turnOnInCognito,
    clientId,
    serverClientId,
    changeTwoFactor,
    setUpTwoFactor,
    twoFactorStatus,
    passwordSignIn,
    signInWithCode,
    serverSignIn,
    refreshTokenOf,
    refresh,
    refreshes,
    magicLinkSignIn,
    turnOn,
  };
}
