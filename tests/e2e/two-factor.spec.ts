/**
 * Authenticator-app two-factor (docs/decisions.md #23, #169, #259), as a merchant uses it: set up in Settings
 * after the password, from the QR code's key, which signs every session out (an old tab too, at its next refresh); then a password
 * sign-in that asks for the code — a wrong one refused by the field, the right one signs in — while a magic
 * link no longer signs in; then turned off with the password and a current code. The "authenticator app" is
 * `otpauth`, the library the local Cognito checks codes with, computing codes from the key the page shows.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { Secret, TOTP, URI } from 'otpauth';
import { PNG } from 'pngjs';
import { linkIn, waitForEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { createConfirmedMerchant, e2eEnv, merchantAccessToken } from './support/merchant';
import { expireStoredTokens, signInWithStoredSession } from './support/browser-session';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const PERIOD_MS = 30_000;

/**
 * The authenticator app. Cognito accepts a code once, and a code of the step before or after now, so each
 * code is the earliest step after the last one used. Within 2 s of a step's end, the server could judge
 * the code a step later than it was picked: wait for the new step first.
 */
function authenticatorApp(secretText: string) {
  const secret = Secret.fromBase32(secretText);
  let usedStep = Number.NEGATIVE_INFINITY;
  const codeAt = (step: number) =>
    TOTP.generate({ secret, algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * PERIOD_MS });
  return {
    async nextCode() {
      const remaining = TOTP.remaining({ period: 30 });
      if (remaining < 2000) await new Promise((resolve) => setTimeout(resolve, remaining + 50));
      const now = TOTP.counter({ period: 30 });
      const step = Math.max(now - 1, usedStep + 1);
      if (step > now + 1) throw new Error('every code the server accepts now has been used');
      usedStep = step;
      return codeAt(step);
    },
    /** A code of this secret, but from five minutes ago: wrong now. */
    wrongCode: () => codeAt(TOTP.counter({ period: 30 }) - 10),
  };
}

/** The QR code on the page, decoded back to its text. */
async function qrCodeText(page: Page, name: string): Promise<string | undefined> {
  const source = await page.getByRole('img', { name }).getAttribute('src');
  const png = PNG.sync.read(Buffer.from(source!.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a merchant sets up two-factor, signs in with password and code, and turns it off', async ({
  page,
  browser,
}, testInfo) => {
  // Three sign-ins, a magic link's email and two turns: longer than one journey's default minute.
  test.setTimeout(120_000);
  const merchant = await createConfirmedMerchant();
  await page.setViewportSize({ width: 1280, height: 900 });
  // Signed in already (docs/decisions.md #107): the sign-ins this test is about come after the set-up. An old
  // tab, on another device, was signed in before two-factor was turned on.
  const oldDevice = await browser.newContext({ baseURL: process.env.PAYLINK_E2E_BASE_URL });
  const oldTab = await oldDevice.newPage();
  await signInWithStoredSession(oldTab, merchant, '/dashboard/settings');
  await signInWithStoredSession(page, merchant, '/dashboard/settings');

  // Settings: off, then set up from the QR code (or its key typed by hand).
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  // The password first, checked on the server (docs/decisions.md #259): a wrong one is refused by its field.
  await card.getByLabel('Password', { exact: true }).fill('Wrong!Horse9');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByText('That password is not right.')).toBeVisible();
  await card.getByLabel('Password', { exact: true }).fill(merchant.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  const secret = (await card.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code carries the same key, as an authenticator app reads it.
  const scanned = URI.parse((await qrCodeText(page, 'QR code for your authenticator app'))!);
  expect(scanned).toBeInstanceOf(TOTP);
  expect(scanned).toMatchObject({ issuer: 'Paylink', label: merchant.email, digits: 6, period: 30 });
  expect(scanned.secret.base32).toBe(secret);
  await expectNoSeriousAxeFindings(page);
  await card.screenshot({ path: testInfo.outputPath('two-factor-setup.png') });

  const app = authenticatorApp(secret);
  const setupCode = card.getByLabel('6-digit code');
  await setupCode.fill(app.wrongCode());
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card.getByText('Invalid code. Please check your authenticator app and try again.')).toBeVisible();
  await expect(setupCode).toHaveAttribute('aria-invalid', 'true');
  await setupCode.fill(await app.nextCode());
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
  // Turning it on ended every session: this tab is at the sign-in page, and the old tab is signed out at its
  // next refresh (its access token's hour is up, or sooner).
  await expect(page).toHaveURL(/\/login$/);
  await expireStoredTokens(oldTab);
  await oldTab.reload();
  await expect(oldTab).toHaveURL(/\/login$/);
  await oldDevice.close();

  // A magic link no longer signs in: the page says to use the password and the code.
  await page.getByLabel('Email', { exact: true }).fill(merchant.email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText(`Magic link sent to ${merchant.email}`)).toBeVisible();
  const magicEmail = await waitForEmail(e2eEnv.mailboxUrl, merchant.email, { subject: /sign-in link/ });
  await page.goto(linkIn(magicEmail, '/auth/magic').href);
  await expect(page.getByRole('heading', { name: 'This sign-in link does not work' })).toBeVisible();
  await expect(page.getByText(/sign in with your password and the code from your authenticator app/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();

  // The password alone no longer signs in: the code is asked for.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const signInCode = page.getByLabel('Authentication code');
  await expectNoSeriousAxeFindings(page);

  await signInCode.fill(app.wrongCode());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Invalid code. Please check your authenticator app and try again.')).toBeVisible();
  await expect(signInCode).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: testInfo.outputPath('two-factor-sign-in-wrong-code.png') });

  await signInCode.fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Turned off only with the password and a current code, checked on the server; every session ends, and the
  // password alone signs in again.
  await page.goto('/dashboard/settings');
  await card.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await card.getByLabel('Password', { exact: true }).fill('Wrong!Horse9');
  await card.getByLabel('6-digit code').fill(app.wrongCode());
  await card.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(card.getByText('That password is not right.')).toBeVisible();
  await card.getByLabel('Password', { exact: true }).fill(merchant.password);
  await card.getByLabel('6-digit code').fill(await app.nextCode());
  await card.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(toast(page, 'Two-factor authentication is off')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await merchantAccessToken(merchant)).toBeTruthy();
});
