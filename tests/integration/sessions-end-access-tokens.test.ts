/**
 * Issue 48, door 3's remainder (docs/decisions.md #200): turning two-factor on or off, Sign out everywhere and a
 * password reset end every session with Cognito's global sign-out, which revokes the refresh tokens — but an
 * access token already handed out is a signed JWT, and the authorizers check its signature and expiry only,
 * so it kept reaching /api/me/* for up to its hour. Now the session cut written as sessions end refuses it
 * on its next request (401, in words), and on the realtime socket; a sign-in after the cut works. (A team
 * removal ends the person's access to that business only, not their sessions: docs/decisions.md #197, tested
 * in team-live and the roles suite.)
 */
import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_MESSAGE } from '@functions/domain/session-ends';
import { linkIn, waitForEmail } from '../support/mailbox';
import { freshCode } from '../support/totp-codes';
import { TEST_PASSWORD, bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const clientId = () => env.runtime.cognito.userPoolClientId;
const NEW_PASSWORD = 'Another!Horse42';

function call(path: string, token: string, init: { method?: string; body?: unknown; business?: string } = {}) {
  return env.api(path, {
    method: init.method ?? 'GET',
    token,
    headers: {
      'content-type': 'application/json',
      ...(init.business && { 'x-paylink-business': init.business }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A second session of the same person, as another device signs in: its access and refresh tokens. */
async function anotherSession(email: string) {
  const { AuthenticationResult } = await env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
    }),
  );
  return { accessToken: AuthenticationResult!.AccessToken!, refreshToken: AuthenticationResult!.RefreshToken! };
}

/** The session's next request is refused as ended, in words. */
async function expectEnded(response: Response) {
  expect(response.status, await response.clone().text()).toBe(401);
  expect(await response.json()).toMatchObject({ code: 'session_ended', message: SESSION_ENDED_MESSAGE });
}

/** Whether the realtime socket opens with this token. */
function socketOpens(token: string): Promise<boolean> {
  const url = new URL(env.runtime.gateway.realtimeUrl);
  url.searchParams.set('token', token);
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve(true);
    });
    socket.once('unexpected-response', () => resolve(false));
    socket.once('error', reject);
  });
}

describe('an access token handed out before the sessions ended', () => {
  it('is refused on its next request after two-factor is turned on in another session; a new sign-in works', async () => {
    const merchant = await env.createMerchant();
    const first = merchant.accessToken;
    expect((await call('/api/me/links', first)).status).toBe(200);
    expect(await socketOpens(first)).toBe(true);

    // Another device turns the authenticator app on through Settings' routes.
    const other = await anotherSession(merchant.email);
    const setUp = await call('/api/me/two-factor/setup', other.accessToken, {
      method: 'POST',
      body: { password: TEST_PASSWORD },
    });
    expect(setUp.status, await setUp.clone().text()).toBe(200);
    const { secret: SecretCode } = (await setUp.json()) as { secret: string };
    const { code, step } = await freshCode(SecretCode);
    const turnedOn = await call('/api/me/two-factor', other.accessToken, {
      method: 'POST',
      body: { turn: 'on', password: TEST_PASSWORD, code },
    });
    expect(turnedOn.status, await turnedOn.clone().text()).toBe(200);

    await expectEnded(await call('/api/me/links', first));
    await expectEnded(await call('/api/me/links', other.accessToken));
    expect(await socketOpens(first)).toBe(false);
    // Cognito revoked the refresh tokens too (cognito-local models it as Cognito does).
    await expect(
      env.cognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: other.refreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // Signing in again, with the password and the code, is a session after the cut.
    const started = await env.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: merchant.email, PASSWORD: TEST_PASSWORD },
      }),
    );
    const answered = await env.cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: {
          USERNAME: started.ChallengeParameters!.USER_ID_FOR_SRP!,
          SOFTWARE_TOKEN_MFA_CODE: (await freshCode(SecretCode, step)).code,
        },
      }),
    );
    const fresh = answered.AuthenticationResult!.AccessToken!;
    expect((await call('/api/me/links', fresh)).status).toBe(200);
    expect(await socketOpens(fresh)).toBe(true);
  });

  it('is refused on its next request after Sign out everywhere on another device; a new sign-in works', async () => {
    const merchant = await env.createMerchant();
    const other = await anotherSession(merchant.email);
    expect((await call('/api/me/links', merchant.accessToken)).status).toBe(200);

    const signedOut = await call('/api/me/sign-out-everywhere', other.accessToken, { method: 'POST' });
    expect(signedOut.status, await signedOut.clone().text()).toBe(200);
    expect(await signedOut.json()).toEqual({ signedOut: true });

    await expectEnded(await call('/api/me/links', merchant.accessToken));
    await expectEnded(await call('/api/me/sign-out-everywhere', other.accessToken, { method: 'POST' }));
    await expect(
      env.cognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: other.refreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const again = await env.signIn(merchant.email, TEST_PASSWORD);
    expect((await call('/api/me/links', again.accessToken)).status).toBe(200);
  });

  it('is refused on its next request after a password reset', async () => {
    const merchant = await env.createMerchant();
    expect((await call('/api/me/links', merchant.accessToken)).status).toBe(200);
    await env.cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: merchant.email }));
    const mail = await waitForEmail(env.runtime.mailbox.url, merchant.email, {
      subject: /Reset your Paylink password/,
    });
    const code = linkIn(mail, '/reset-password').searchParams.get('code')!;
    await env.cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId(),
        Username: merchant.email,
        ConfirmationCode: code,
        Password: NEW_PASSWORD,
      }),
    );
    await expectEnded(await call('/api/me/links', merchant.accessToken));
    const again = await env.signIn(merchant.email, NEW_PASSWORD);
    expect((await call('/api/me/links', again.accessToken)).status).toBe(200);
  });
});
