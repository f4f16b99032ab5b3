/**
 * The signed-in session as the browser keeps it: Amplify's tokens in localStorage. Tests read and edit it
 * here to play out what time and Cognito do to a session (tokens expire, refresh tokens get revoked).
 */
import { CognitoIdentityProviderClient, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, type Page } from '@playwright/test';

const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Signs in through /login, as a person does; lands on the dashboard. */
export async function signInThroughLoginPage(page: Page, merchant: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The access token Amplify stored for the signed-in merchant. */
export async function storedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    (prefix) =>
      Object.entries(localStorage).find(([key]) => key.startsWith(prefix) && key.endsWith('.accessToken'))?.[1],
    AMPLIFY_KEY_PREFIX,
  );
  if (!token) throw new Error('No Amplify access token in localStorage');
  return token;
}

/**
 * Makes the stored tokens look past their expiry, as after a long time away: Amplify judges expiry by the
 * stored clock drift, so the next session check must refresh (or, with a revoked refresh token, give up).
 */
export async function expireStoredTokens(page: Page) {
  await page.evaluate((prefix) => {
    const entries = Object.entries(localStorage).filter(([key]) => key.startsWith(prefix));
    const accessToken = entries.find(([key]) => key.endsWith('.accessToken'))?.[1];
    const driftKey = entries.find(([key]) => key.endsWith('.clockDrift'))?.[0];
    if (!accessToken || !driftKey) throw new Error('No Amplify session in localStorage');
    const { exp } = JSON.parse(atob(accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    // A minute past the access token's expiry, whatever lifetime the pool gives it.
    localStorage.setItem(driftKey, String(exp * 1000 - Date.now() + 60_000));
  }, AMPLIFY_KEY_PREFIX);
}

/** Replaces the stored access token with one whose signature is wrong: it looks valid, the API refuses it. */
export async function forgeStoredAccessToken(page: Page) {
  await page.evaluate((prefix) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith(prefix) && name.endsWith('.accessToken'));
    if (!key) throw new Error('No Amplify access token in localStorage');
    const [header, payload] = localStorage.getItem(key)!.split('.');
    localStorage.setItem(key, `${header}.${payload}.${'A'.repeat(86)}`);
  }, AMPLIFY_KEY_PREFIX);
}

/** Cognito GlobalSignOut with the merchant's token: every refresh token of theirs stops working. */
export async function revokeRefreshTokens(accessToken: string) {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: process.env.PAYLINK_E2E_COGNITO_ENDPOINT,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
  } finally {
    cognito.destroy();
  }
}
