/**
 * Authenticator-app two-factor (TOTP, docs/decisions.md #23) on the local Cognito, through the AWS SDK's own
 * client as Paylink's server calls it, with a token that carries Cognito's self-service scope (#259): set up
 * (AssociateSoftwareToken → VerifySoftwareToken → SetUserMFAPreference),
 * then a password sign-in that asks for the code. Codes are computed with `otpauth`, as an authenticator
 * app computes them.
 */
import {
  AssociateSoftwareTokenCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';
import { withSelfServiceScope } from './two-factor-steps';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const clientId = () => env.runtime.cognito.userPoolClientId;
const PERIOD_MS = 30_000;

/**
 * A code the server has not accepted before: the earliest step it accepts (it allows one step either side
 * of now) after `usedStep`. Within 2 s of a step's end, the server could judge the code a step later than
 * it was picked: wait for the new step first.
 */
async function freshCode(secret: string, usedStep = Number.NEGATIVE_INFINITY) {
  const remaining = TOTP.remaining({ period: 30 });
  if (remaining < 2000) await new Promise((resolve) => setTimeout(resolve, remaining + 50));
  const now = TOTP.counter({ period: 30 });
  const step = Math.max(now - 1, usedStep + 1);
  if (step > now + 1) throw new Error('every code the server accepts now has been used');
  return { code: codeAt(secret, step), step };
}
const codeAt = (secret: string, step: number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: step * PERIOD_MS,
  });
/** A code for a step far from now: right for the secret, wrong for the time. */
const staleCode = (secret: string) => codeAt(secret, TOTP.counter({ period: 30 }) - 10);

const passwordSignIn = (email: string, password = TEST_PASSWORD) =>
  env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

const answerCode = (started: InitiateAuthCommandOutput, code: string, session = started.Session) =>
  env.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USER_ID_FOR_SRP!, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

/** A merchant with TOTP set up and on, as Settings leaves them; answers the secret and the step used. */
async function merchantWithTotp(): Promise<TestMerchant & { secret: string; usedStep: number }> {
  const merchant = withSelfServiceScope(await env.createMerchant());
  const { SecretCode } = await env.cognito.send(
    new AssociateSoftwareTokenCommand({ AccessToken: merchant.accessToken }),
  );
  const { code, step } = await freshCode(SecretCode!);
  await env.cognito.send(new VerifySoftwareTokenCommand({ AccessToken: merchant.accessToken, UserCode: code }));
  await env.cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: merchant.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return { ...merchant, secret: SecretCode!, usedStep: step };
}

describe('setting up two-factor', () => {
  it('verifies a code from the new secret, and turns on only when the preference says so', async () => {
    const merchant = withSelfServiceScope(await env.createUser());
    const { SecretCode } = await env.cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: merchant.accessToken }),
    );
    // Base32 of 20 random bytes, as Cognito hands it out and authenticator apps take it.
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);

    // Not enabled before it is verified.
    await expect(
      env.cognito.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: merchant.accessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });

    await expect(
      env.cognito.send(
        new VerifySoftwareTokenCommand({ AccessToken: merchant.accessToken, UserCode: staleCode(SecretCode!) }),
      ),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const { code } = await freshCode(SecretCode!);
    const verified = await env.cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: merchant.accessToken, UserCode: code }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // The same code a second time is refused, as Cognito refuses it.
    await expect(
      env.cognito.send(new VerifySoftwareTokenCommand({ AccessToken: merchant.accessToken, UserCode: code })),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException', message: /already been used/ });

    // Verified is not on: the password alone still signs in.
    let user = await env.cognito.send(new GetUserCommand({ AccessToken: merchant.accessToken }));
    expect(user.UserMFASettingList ?? []).toEqual([]);
    expect((await passwordSignIn(merchant.email)).AuthenticationResult?.AccessToken).toBeTruthy();

    await env.cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: merchant.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    user = await env.cognito.send(new GetUserCommand({ AccessToken: merchant.accessToken }));
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('refuses an expired access token, and the MFA_SETUP Session form an optional pool never asks for', async () => {
    const merchant = withSelfServiceScope(await env.createUser());
    const [header, payload] = merchant.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url')}.x`;
    await expect(env.cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: expired }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(env.cognito.send(new AssociateSoftwareTokenCommand({ Session: 'a-session' }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it("refuses a token whose signature does not verify: an unsigned copy cannot turn a merchant's two-factor off", async () => {
    const merchant = await merchantWithTotp();
    const [, payload] = merchant.accessToken.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const resigned = `${merchant.accessToken.split('.').slice(0, 2).join('.')}.${Buffer.from('forged').toString('base64url')}`;
    for (const forged of [unsigned, resigned]) {
      await expect(
        env.cognito.send(
          new SetUserMFAPreferenceCommand({
            AccessToken: forged,
            SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
    // Still on: a password sign-in asks for the code.
    expect((await passwordSignIn(merchant.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('password sign-in with two-factor on', () => {
  it('asks for the code, refuses a wrong or used one, and signs in with a fresh one', async () => {
    const merchant = await merchantWithTotp();
    const started = await passwordSignIn(merchant.email);
    expect(started.AuthenticationResult).toBeUndefined();
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(started.Session).toBeTruthy();

    // A session the server never issued is refused, even with a right code: the password was not given.
    const { code } = await freshCode(merchant.secret, merchant.usedStep);
    await expect(answerCode(started, code, crypto.randomUUID())).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(answerCode(started, staleCode(merchant.secret))).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    // The code that verified the set-up was used once already.
    await expect(answerCode(started, codeAt(merchant.secret, merchant.usedStep))).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: /already been used/,
    });

    // The same session takes the right code after wrong ones (Amplify keeps it for the retry).
    const signedIn = await answerCode(started, code);
    const tokens = signedIn.AuthenticationResult!;
    expect(tokens).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const me = await env.api('/api/me', { token: tokens.AccessToken! });
    expect(me.status).toBe(200);
    expect((await me.json()).merchantId).toBe(merchant.sub);
    // The refresh token works, as after any sign-in.
    const refreshed = await env.cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: tokens.RefreshToken! }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();

    // The session is spent, and the code too.
    await expect(answerCode(started, code)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const again = await passwordSignIn(merchant.email);
    await expect(answerCode(again, code)).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: /already been used/,
    });
  });

  it('ends the session after five wrong codes, and locks password sign-in out for a while', async () => {
    const merchant = await merchantWithTotp();
    const started = await passwordSignIn(merchant.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(answerCode(started, staleCode(merchant.secret))).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    const { code } = await freshCode(merchant.secret, merchant.usedStep);
    await expect(answerCode(started, code)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // Five wrong codes lock password sign-in out for a while, as five wrong passwords do (Cognito's lockout).
    await expect(passwordSignIn(merchant.email)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('refuses a wrong password before any code is asked', async () => {
    const merchant = await merchantWithTotp();
    await expect(passwordSignIn(merchant.email, 'Wrong!Horse9')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('signs in with the password alone once two-factor is turned off', async () => {
    const merchant = await merchantWithTotp();
    // Settings checks a current code first (VerifySoftwareToken on the verified token changes nothing else).
    const { code } = await freshCode(merchant.secret, merchant.usedStep);
    await env.cognito.send(new VerifySoftwareTokenCommand({ AccessToken: merchant.accessToken, UserCode: code }));
    await env.cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: merchant.accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const user = await env.cognito.send(new GetUserCommand({ AccessToken: merchant.accessToken }));
    expect(user.UserMFASettingList ?? []).toEqual([]);
    expect(user.PreferredMfaSetting).toBeUndefined();
    expect((await passwordSignIn(merchant.email)).AuthenticationResult?.AccessToken).toBeTruthy();
  });
});
