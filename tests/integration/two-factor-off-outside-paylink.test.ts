/**
 * Issue 48, door 3's last gap (docs/decisions.md #250): anyone holding a person's access token could call
 * Cognito's own SetUserMFAPreference with it, no code, and from then on a password alone signed in. Now
 * Paylink's record of two-factor is the truth: while it says on and Cognito says off, Cognito's token
 * trigger issues nothing — not to a password, a refresh or a magic link — and says why in words. Paylink's
 * own route still turns two-factor off, with the password and a current code, after which a password alone
 * signs in.
 */
import {
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readMagicLinkToken } from '@shared/contracts/auth';
import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';
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

const { clientId, changeTwoFactor, signInWithCode, refresh, turnOn } = twoFactorSteps(() => env);

/** Cognito's answer when the token trigger fails: nothing issued, the trigger's words in the message. */
const refusedForTwoFactor = {
  name: 'UserLambdaValidationException',
  message: expect.stringContaining(TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE),
};

const passwordSignIn = (email: string) =>
  env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
    }),
  );

/** A magic link requested through Paylink and answered as Amplify's CUSTOM_WITHOUT_SRP flow does. */
async function magicLinkSignIn(email: string) {
  const requested = await env.api('/api/auth/magic-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(requested.status).toBe(202);
  await env.settle();
  const sent = await waitForEmail(env.runtime.mailbox.url, email, { subject: /sign-in link/ });
  const token = linkIn(sent, '/auth/magic').hash.slice(1);
  const started = await env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: readMagicLinkToken(token)!.email },
    }),
  );
  expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
  return env.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: token },
    }),
  );
}

it('two-factor turned off with Cognito’s own operation: no tokens for a password, a refresh or a magic link; Paylink’s route still turns it off with the code', async () => {
  const merchant = await env.createMerchant();
  const { secret, usedStep } = await turnOn(merchant);
  const signedIn = await signInWithCode(merchant.email, secret, usedStep);
  const stolenAccessToken = signedIn.tokens.AccessToken!;

  // The attack: the access token alone, straight to Cognito, no code.
  await env.cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: stolenAccessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  const tampered = await env.cognito.send(new GetUserCommand({ AccessToken: stolenAccessToken }));
  expect(tampered.UserMFASettingList ?? []).toEqual([]);

  // Cognito asks no code now, and issues nothing: the password alone, the refresh token, a magic link.
  await expect(passwordSignIn(merchant.email)).rejects.toMatchObject(refusedForTwoFactor);
  await expect(refresh(signedIn.tokens.RefreshToken!)).rejects.toMatchObject(refusedForTwoFactor);
  await expect(magicLinkSignIn(merchant.email)).rejects.toMatchObject(refusedForTwoFactor);

  // Paylink's route: it puts Cognito's setting back (Paylink's record says on) and checks the code; a wrong
  // one is refused in words and leaves two-factor on, asked for again by a password sign-in.
  const wrongCode = await changeTwoFactor(stolenAccessToken, {
    turn: 'off',
    password: TEST_PASSWORD,
    code: staleCode(secret),
  });
  expect(wrongCode.status, await wrongCode.clone().text()).toBe(400);
  expect(await wrongCode.json()).toMatchObject({ code: 'code_invalid' });
  expect((await passwordSignIn(merchant.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const { code } = await freshCode(secret, signedIn.usedStep);
  const off = await changeTwoFactor(stolenAccessToken, { turn: 'off', password: TEST_PASSWORD, code });
  expect(off.status, await off.clone().text()).toBe(200);
  expect(await off.json()).toEqual({ enabled: false, signedOut: true });

  // Off by Paylink's own route: a password alone signs in, and Cognito holds two-factor off.
  const fresh = await passwordSignIn(merchant.email);
  expect(fresh.ChallengeName).toBeUndefined();
  const after = await env.cognito.send(new GetUserCommand({ AccessToken: fresh.AuthenticationResult!.AccessToken! }));
  expect(after.UserMFASettingList ?? []).toEqual([]);
});
