/**
 * Makes a confirmed merchant the way a person would end up with one — POST /api/signup with a solved bot
 * check, then the code from the verification email — for browser tests that start signed out with an
 * account (the sign-up screen itself is tested by clicking through it in auth.spec.ts).
 */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { solveBotCheck } from '@tests/support/bot-check';
import { linkIn, waitForEmail } from '@tests/support/mailbox';

export const E2E_PASSWORD = 'Correct!Horse9';

export const e2eEnv = {
  get baseUrl() {
    return process.env.PAYLINK_E2E_BASE_URL!;
  },
  get mailboxUrl() {
    return process.env.PAYLINK_E2E_MAILBOX_URL!;
  },
};

export async function createConfirmedMerchant(
  overrides: { fullName?: string; businessName?: string; websiteUrl?: string } = {},
) {
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
      ...(overrides.websiteUrl && { websiteUrl: overrides.websiteUrl }),
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

/** Signs a merchant in against the local Cognito, as the API sees them: the access token for `/api/me/**`. */
export async function merchantAccessToken(merchant: { email: string; password: string }): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: process.env.PAYLINK_E2E_COGNITO_ENDPOINT,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: process.env.PAYLINK_E2E_USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: merchant.email, PASSWORD: merchant.password },
      }),
    );
    return auth.AuthenticationResult!.AccessToken!;
  } finally {
    cognito.destroy();
  }
}

/** Calls Paylink's API as the merchant; throws on anything but 2xx. */
export async function merchantApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2eEnv.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A confirmed merchant whose Stripe account is onboarded on the sandbox (through its hosted onboarding
 * form, as a person completes it) and connected in Paylink — one that can take payments. The Stripe
 * connection screens themselves are clicked through in stripe.spec.ts.
 */
export async function createMerchantReadyForPayments(
  overrides: { fullName?: string; businessName?: string; websiteUrl?: string } = {},
) {
  const merchant = await createConfirmedMerchant(overrides);
  const token = await merchantAccessToken(merchant);
  const { url } = await merchantApi<{ url: string }>(token, 'POST', '/api/me/stripe/connect');
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`onboarding page answered ${page.status}`);
  const completed = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'complete' }).toString(),
    redirect: 'manual',
  });
  if (completed.status !== 303) throw new Error(`onboarding form answered ${completed.status}`);
  // Reading the status re-reads the account from Stripe and records it, whether or not the webhook has landed.
  const status = await merchantApi<{ connected: boolean }>(token, 'GET', '/api/me/stripe/status');
  if (!status.connected) throw new Error('the sandbox onboarding did not connect the merchant');
  return { ...merchant, token };
}
