/**
 * Issue 48, door 3 (docs/decisions.md #169): with the authenticator app on, a magic link signed in without
 * the code; turning two-factor off needed only an access token (the page asked for a code the server never
 * checked); a refresh token from before two-factor was turned on kept working. Now the magic link is refused to
 * a merchant with two-factor on, POST /api/me/two-factor turns it off only with the password and a current
 * code, and turning it on or off ends every session.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readMagicLinkToken } from '@shared/contracts/auth';
import { linkIn, waitForEmail } from '../support/mailbox';
import { freshCode, staleCode } from '../support/totp-codes';
import { TEST_PASSWORD, bootLocalRuntime, type TestRuntime } from './harness';
import { twoFactorSteps } from './two-factor-steps';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const { clientId, changeTwoFactor, refreshTokenOf, refreshes, turnOn, mfaSettingsOf } = twoFactorSteps(() => env);

it('turning two-factor on ends every session: a refresh token from before stops working', async () => {
  const merchant = await env.createMerchant();
  // Before the app is set up there is nothing to check a code against: refused in words, not a server error.
  const early = await changeTwoFactor(merchant.accessToken, { turn: 'on', password: TEST_PASSWORD, code: '123456' });
  expect(early.status).toBe(409);
  expect(await early.json()).toMatchObject({ code: 'two_factor_not_set_up' });
  const before = await refreshTokenOf(merchant.email);
  expect(await refreshes(before.refreshToken)).toBe(true);
  await turnOn(merchant);
  expect(await refreshes(before.refreshToken)).toBe(false);
  const started = await env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: merchant.email, PASSWORD: TEST_PASSWORD },
    }),
  );
  expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
});

it('a magic link no longer signs in a merchant with two-factor on, who signs in with the password and the code', async () => {
  const merchant = await env.createMerchant();
  const { secret, usedStep } = await turnOn(merchant);
  const requested = await env.api('/api/auth/magic-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: merchant.email }),
  });
  expect(requested.status).toBe(202);
  await env.settle();
  const email = await waitForEmail(env.runtime.mailbox.url, merchant.email, { subject: /sign-in link/ });
  const token = linkIn(email, '/auth/magic').hash.slice(1);
  await expect(
    env.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: readMagicLinkToken(token)!.email },
      }),
    ),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  expect((await refreshTokenOf(merchant.email, secret, usedStep)).refreshToken).toBeTruthy();
});

it('turning two-factor off needs the password and a current code, checked on the server, and ends every session', async () => {
  const merchant = await env.createMerchant();
  const { secret, usedStep } = await turnOn(merchant);
  const signedIn = await refreshTokenOf(merchant.email, secret, usedStep);
  const { AuthenticationResult } = await env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: signedIn.refreshToken },
    }),
  );
  const accessToken = AuthenticationResult!.AccessToken!;

  // An access token alone, a wrong password, or a code of the wrong time: refused in words, nothing changes.
  expect((await changeTwoFactor(accessToken, { turn: 'off' })).status).toBe(400);
  const wrongPassword = await changeTwoFactor(accessToken, {
    turn: 'off',
    password: 'Wrong!Horse9',
    code: staleCode(secret),
  });
  expect(wrongPassword.status).toBe(400);
  expect(await wrongPassword.json()).toMatchObject({ code: 'password_invalid' });
  const wrongCode = await changeTwoFactor(accessToken, {
    turn: 'off',
    password: TEST_PASSWORD,
    code: staleCode(secret),
  });
  expect(wrongCode.status).toBe(400);
  expect(await wrongCode.json()).toMatchObject({ code: 'code_invalid' });
  expect(await mfaSettingsOf(merchant.sub)).toContain('SOFTWARE_TOKEN_MFA');

  const { code } = await freshCode(secret, signedIn.usedStep);
  const off = await changeTwoFactor(accessToken, { turn: 'off', password: TEST_PASSWORD, code });
  expect(off.status, await off.clone().text()).toBe(200);
  expect(await off.json()).toEqual({ enabled: false, signedOut: true });
  expect(await refreshes(signedIn.refreshToken)).toBe(false);
  await env.signIn(merchant.email, TEST_PASSWORD);
  expect(await mfaSettingsOf(merchant.sub)).toEqual([]);
});
