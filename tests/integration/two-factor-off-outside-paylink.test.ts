/**
 * Issue 48, door 3's last gap (docs/decisions.md #250): anyone holding a person's access token could call
 * Cognito's own SetUserMFAPreference with it, no code, and from then on a password alone signed in. Now
 * Paylink's record of two-factor is the truth: while it says on and Cognito says off, Cognito's token
 * trigger issues nothing — not to a password, a refresh or a magic link — and says why in words. Paylink's
 * own route still turns two-factor off, with the password and a current code, after which a password alone
 * signs in.
 */
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, it } from 'vitest';
import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';
import { freshCode, staleCode } from '../support/totp-codes';
import { TEST_PASSWORD } from './harness';
import { asIssuedBeforeTheScopeWasSuppressed, twoFactorRuntime } from './two-factor-steps';

const { env, changeTwoFactor, passwordSignIn, signInWithCode, refresh, magicLinkSignIn, turnOn, mfaSettingsOf } =
  twoFactorRuntime();

/** Cognito's answer when the token trigger fails: nothing issued, the trigger's words in the message. */
const refusedForTwoFactor = {
  name: 'UserLambdaValidationException',
  message: expect.stringContaining(TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE),
};

it('two-factor turned off with Cognito’s own operation: no tokens for a password, a refresh or a magic link; Paylink’s route still turns it off with the code', async () => {
  const merchant = await env().createMerchant();
  const { secret, usedStep } = await turnOn(merchant);
  const signedIn = await signInWithCode(merchant.email, secret, usedStep);
  const accessToken = signedIn.tokens.AccessToken!;
  // The browser's tokens cannot call Cognito's own operations (#259); one handed out before #259 could, for
  // its hour, and is what this door was about.
  const stolen = asIssuedBeforeTheScopeWasSuppressed(accessToken);

  // The attack: the access token alone, straight to Cognito, no code.
  await env().cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: stolen,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  expect(await mfaSettingsOf(merchant.sub)).toEqual([]);

  // Cognito asks no code now, and issues nothing: the password alone, the refresh token, a magic link.
  await expect(passwordSignIn(merchant.email)).rejects.toMatchObject(refusedForTwoFactor);
  await expect(refresh(signedIn.tokens.RefreshToken!)).rejects.toMatchObject(refusedForTwoFactor);
  await expect(magicLinkSignIn(merchant.email)).rejects.toMatchObject(refusedForTwoFactor);

  // Paylink's route: it puts Cognito's setting back (Paylink's record says on) and checks the code; a wrong
  // one is refused in words and leaves two-factor on, asked for again by a password sign-in.
  const wrongCode = await changeTwoFactor(accessToken, {
    turn: 'off',
    password: TEST_PASSWORD,
    code: staleCode(secret),
  });
  expect(wrongCode.status, await wrongCode.clone().text()).toBe(400);
  expect(await wrongCode.json()).toMatchObject({ code: 'code_invalid' });
  expect((await passwordSignIn(merchant.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const { code } = await freshCode(secret, signedIn.usedStep);
  const off = await changeTwoFactor(accessToken, { turn: 'off', password: TEST_PASSWORD, code });
  expect(off.status, await off.clone().text()).toBe(200);
  expect(await off.json()).toEqual({ enabled: false, signedOut: true });

  // Off by Paylink's own route: a password alone signs in, and Cognito holds two-factor off.
  const fresh = await passwordSignIn(merchant.email);
  expect(fresh.ChallengeName).toBeUndefined();
  expect(await mfaSettingsOf(merchant.sub)).toEqual([]);
});
