/**
 * The steps two-factor tests take against the local runtime: Paylink's route, a password sign-in answered
 * with the code when one is asked, a refresh, and turning the app on as Settings does.
 */
import {
  AssociateSoftwareTokenCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { freshCode } from '../support/totp-codes';
import { TEST_PASSWORD, type TestMerchant, type TestRuntime } from './harness';

export function twoFactorSteps(env: () => TestRuntime) {
  const clientId = () => env().runtime.cognito.userPoolClientId;

  const changeTwoFactor = (accessToken: string, body: unknown) =>
    env().api('/api/me/two-factor', {
      method: 'POST',
      token: accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** A password sign-in's tokens, answering the code when two-factor asks for one. */
  async function signInWithCode(email: string, secret?: string, usedStep?: number) {
    const started = await env().cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
      }),
    );
    if (!started.ChallengeName) return { tokens: started.AuthenticationResult!, usedStep };
    const { code, step } = await freshCode(secret!, usedStep);
    const answered = await env().cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USER_ID_FOR_SRP!, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
    return { tokens: answered.AuthenticationResult!, usedStep: step };
  }

  /** A password sign-in's refresh token, answering the code when two-factor asks for one. */
  async function refreshTokenOf(email: string, secret?: string, usedStep?: number) {
    const signedIn = await signInWithCode(email, secret, usedStep);
    return { refreshToken: signedIn.tokens.RefreshToken!, usedStep: signedIn.usedStep };
  }

  const refresh = (refreshToken: string) =>
    env().cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: refreshToken }));

  const refreshes = (refreshToken: string) =>
    refresh(refreshToken)
      .then(() => true)
      .catch((error: { name?: string }) => {
        if (error.name === 'NotAuthorizedException') return false;
        throw error;
      });

  /** Turns two-factor on through Paylink's route, as Settings does; answers the secret and the step used. */
  async function turnOn(merchant: TestMerchant) {
    const { SecretCode } = await env().cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: merchant.accessToken }),
    );
    const { code, step } = await freshCode(SecretCode!);
    const answer = await changeTwoFactor(merchant.accessToken, { turn: 'on', code });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ enabled: true, signedOut: true });
    return { secret: SecretCode!, usedStep: step };
  }

  return { clientId, changeTwoFactor, signInWithCode, refreshTokenOf, refresh, refreshes, turnOn };
}
