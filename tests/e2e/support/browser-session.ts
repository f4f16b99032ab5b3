/**
 * The signed-in session as the browser keeps it: Amplify's tokens in localStorage. Tests read and edit it
 * here to play out what time and Cognito do to a session (tokens expire, refresh tokens get revoked).
 */
import {
  CognitoIdentityProviderClient,
  GlobalSignOutCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, type Page } from '@playwright/test';
import { SESSION_RECORD_KEY, type SessionRecord } from '@web/lib/session-record';
import { asIssuedBeforeTheScopeWasSuppressed } from '@tests/support/self-service-scope';

const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

function localCognito() {
  return new CognitoIdentityProviderClient({
    endpoint: process.env.PAYLINK_E2E_COGNITO_ENDPOINT,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A JWT's claims, unverified (the test only reads what Cognito just issued). */
function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The localStorage entries a sign-in through /login leaves, for tokens Cognito issued to the merchant just now:
 * Amplify v6's (its default token store: `CognitoIdentityServiceProvider.<clientId>.<username>.<accessToken|
 * idToken|refreshToken|clockDrift|signInDetails>` and `….<clientId>.LastAuthUser`) and Paylink's own session
 * record (`SESSION_RECORD_KEY`, web/src/lib/session-record.ts). auth.spec.ts checks these are the keys and
 * values a sign-in through /login leaves.
 */
export async function amplifySessionFor(merchant: {
  email: string;
  password: string;
}): Promise<Record<string, string>> {
  const clientId = process.env.PAYLINK_E2E_USER_POOL_CLIENT_ID!;
  const cognito = localCognito();
  try {
    const { AuthenticationResult: tokens } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: merchant.email, PASSWORD: merchant.password },
      }),
    );
    if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken) {
      throw new Error(`Cognito asked ${merchant.email} for more than a password (two-factor?)`);
    }
    // Amplify keys the session by the name signed in with (the app's flow is USER_PASSWORD_AUTH, as here),
    // and measures clock drift from the access token's issue time.
    const username = merchant.email;
    const user = `${AMPLIFY_KEY_PREFIX}${clientId}.${username}`;
    const access = claimsOf(tokens.AccessToken);
    const record: SessionRecord = {
      userId: String(access.sub),
      email: merchant.email,
      accessToken: tokens.AccessToken,
      goodUntil: Math.min(Number(access.exp) * 1000, Date.now() + (Number(access.exp) - Number(access.iat)) * 1000),
    };
    return {
      [SESSION_RECORD_KEY]: JSON.stringify(record),
      [`${AMPLIFY_KEY_PREFIX}${clientId}.LastAuthUser`]: username,
      [`${user}.accessToken`]: tokens.AccessToken,
      [`${user}.idToken`]: tokens.IdToken,
      [`${user}.refreshToken`]: tokens.RefreshToken,
      [`${user}.signInDetails`]: JSON.stringify({ loginId: merchant.email, authFlowType: 'USER_PASSWORD_AUTH' }),
      [`${user}.clockDrift`]: String(Number(claimsOf(tokens.AccessToken).iat) * 1000 - Date.now()),
    };
  } finally {
    cognito.destroy();
  }
}

/**
 * Signs the merchant in without the login form — tokens from Cognito, stored where Amplify keeps them —
 * and opens `path` (the dashboard unless told), for tests whose subject comes after signing in; the form
 * itself is clicked through in auth.spec.ts, two-factor.spec.ts and first-hour.spec.ts
 * (docs/decisions.md #107). The session is real: the API checks its tokens, and Amplify refreshes them.
 */
export async function signInWithStoredSession(
  page: Page,
  merchant: { email: string; password: string },
  path = '/dashboard',
) {
  const session = await amplifySessionFor(merchant);
  // localStorage belongs to the origin: a static file of the app's own is the cheapest page that has it.
  // Written once, not by an init script, so a sign-out or an expired session stays as the app leaves it.
  await page.goto('/robots.txt');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, session);
  await page.goto(path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

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
 * stored clock drift, and the session record by its `goodUntil`, so the next session check must refresh (or,
 * with a revoked refresh token, give up).
 */
export async function expireStoredTokens(page: Page) {
  await page.evaluate(
    ([recordKey]) => {
      const record = JSON.parse(localStorage.getItem(recordKey!) ?? 'null') as { goodUntil: number } | null;
      if (!record) throw new Error('No session record in localStorage');
      localStorage.setItem(recordKey!, JSON.stringify({ ...record, goodUntil: Date.now() - 60_000 }));
    },
    [SESSION_RECORD_KEY],
  );
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

/**
 * Replaces the stored access token (Amplify's and the session record's copy) with one whose signature is
 * wrong: it looks valid, the API refuses it.
 */
export async function forgeStoredAccessToken(page: Page) {
  await page.evaluate(
    ([prefix, recordKey]) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith(prefix!) && name.endsWith('.accessToken'));
      if (!key) throw new Error('No Amplify access token in localStorage');
      const [header, payload] = localStorage.getItem(key)!.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(86)}`;
      localStorage.setItem(key, forged);
      const record = JSON.parse(localStorage.getItem(recordKey!) ?? 'null') as Record<string, unknown> | null;
      if (record) localStorage.setItem(recordKey!, JSON.stringify({ ...record, accessToken: forged }));
    },
    [AMPLIFY_KEY_PREFIX, SESSION_RECORD_KEY],
  );
}

/**
 * Cognito GlobalSignOut with the merchant's token: every refresh token of theirs stops working. The browser's
 * token no longer may call it (docs/decisions.md #259): the same token as issued before that, as an operator's
 * sign-out would be.
 */
export async function revokeRefreshTokens(accessToken: string) {
  const cognito = localCognito();
  try {
    await cognito.send(new GlobalSignOutCommand({ AccessToken: asIssuedBeforeTheScopeWasSuppressed(accessToken) }));
  } finally {
    cognito.destroy();
  }
}
