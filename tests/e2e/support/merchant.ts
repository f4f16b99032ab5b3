/**
 * Makes a confirmed merchant the way a person would end up with one — POST /api/signup with a solved bot
 * check, then the code from the verification email — for browser tests that start signed out with an
 * account (the sign-up screen itself is tested by clicking through it in auth.spec.ts).
 */
import { CognitoIdentityProviderClient, ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { solveBotCheck } from '../../support/bot-check';
import { linkIn, waitForEmail } from '../../support/mailbox';

export const E2E_PASSWORD = 'Correct!Horse9';

export const e2eEnv = {
  get baseUrl() {
    return process.env.PAYLINK_E2E_BASE_URL!;
  },
  get mailboxUrl() {
    return process.env.PAYLINK_E2E_MAILBOX_URL!;
  },
};

export async function createConfirmedMerchant(overrides: { fullName?: string; businessName?: string } = {}) {
  const email = `e2e-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  const response = await fetch(`${e2eEnv.baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: overrides.fullName ?? 'Mere Tawhiri',
      email,
      password: E2E_PASSWORD,
      countryCode: '+64',
      phone: '21 555 0199',
      businessName: overrides.businessName ?? 'Harbour Coffee Co.',
      botCheck: await solveBotCheck(e2eEnv.baseUrl),
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const verification = await waitForEmail(e2eEnv.mailboxUrl, email, { subject: /Confirm your email/ });
  const code = linkIn(verification, '/verify-email').searchParams.get('token_hash')!;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: process.env.PAYLINK_E2E_COGNITO_ENDPOINT,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: process.env.PAYLINK_E2E_USER_POOL_CLIENT_ID,
      Username: email,
      ConfirmationCode: code,
    }),
  );
  cognito.destroy();
  return { email, password: E2E_PASSWORD };
}
