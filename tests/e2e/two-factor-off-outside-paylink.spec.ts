/**
 * Two-factor turned off outside Paylink (docs/decisions.md #250), as the merchant meets it: they turned the
 * authenticator app on through Paylink; someone holding one of their access tokens turned it off with
 * Cognito's own SetUserMFAPreference, no code. The sign-in page no longer lets the password alone in, and says
 * why and what to do, instead of signing them in or showing Cognito's wrapped error.
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test } from '@playwright/test';
import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';
import { asIssuedBeforeTheScopeWasSuppressed } from '@tests/support/self-service-scope';
import { freshCode } from '@tests/support/totp-codes';
import { createConfirmedMerchant, merchantAccessToken, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

test('the sign-in page refuses the password alone, in words, when two-factor was turned off outside Paylink', async ({
  page,
}) => {
  const merchant = await createConfirmedMerchant();
  const cognito = new CognitoIdentityProviderClient({
    endpoint: process.env.PAYLINK_E2E_COGNITO_ENDPOINT,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const clientId = process.env.PAYLINK_E2E_USER_POOL_CLIENT_ID;
  try {
    // On through Paylink, as Settings does it.
    const firstToken = await merchantAccessToken(merchant);
    const { secret: SecretCode } = await merchantApi<{ secret: string }>(
      firstToken,
      'POST',
      '/api/me/two-factor/setup',
      {
        password: merchant.password,
      },
    );
    const turnedOn = await freshCode(SecretCode);
    await merchantApi(firstToken, 'POST', '/api/me/two-factor', {
      turn: 'on',
      password: merchant.password,
      code: turnedOn.code,
    });

    // A token from a sign-in with the code, then the attack: Cognito's own operation with it, no code.
    const started = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: merchant.email, PASSWORD: merchant.password },
      }),
    );
    const { code } = await freshCode(SecretCode, turnedOn.step);
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USER_ID_FOR_SRP!, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
    // The browser's tokens cannot call Cognito's own operations (#259): one handed out before that could.
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: asIssuedBeforeTheScopeWasSuppressed(answered.AuthenticationResult!.AccessToken!),
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
  } finally {
    cognito.destroy();
  }

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
