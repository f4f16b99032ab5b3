/**
 * The signed-in dashboard: the shell (sidebar, drawer on a phone, Logout), the home's welcome, the
 * Settings → Profile form and Danger Zone, and what happens to a session over time — against the local
 * runtime's real API and Cognito.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './support/axe';
import { closeWithEscape } from './support/layers';
import { SUPPORT_EMAIL } from '@shared/brand';
import {
  expireStoredTokens,
  forgeStoredAccessToken,
  revokeRefreshTokens,
  signInWithStoredSession,
  storedAccessToken,
} from './support/browser-session';
import { createConfirmedMerchant } from './support/merchant';
import { HOME_READS } from './support/home-reads';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const pages = [
  { link: 'Dashboard', path: '/dashboard', heading: /^Welcome( back)?, / },
  { link: 'Payment Links & QR', path: '/dashboard/create-link', heading: 'Payment Links & QR Codes' },
  { link: 'Transactions', path: '/dashboard/transactions', heading: 'Transactions' },
  { link: 'Settings', path: '/dashboard/settings', heading: 'Settings' },
] as const;

function pathIs(path: string) {
  return new RegExp(`${path.replaceAll('/', '\\/')}$`);
}

async function openSignedIn(page: Page, viewport: { width: number; height: number }) {
  const merchant = await createConfirmedMerchant();
  await page.setViewportSize(viewport);
  await signInWithStoredSession(page, merchant);
  return merchant;
}

test('opening the home asks for each of its reads once: what its loader starts is what the page uses', async ({
  page,
}) => {
  // The route's loader prefetches the home's reads with the same queries its cards use (docs/decisions.md
  // #180); a key or path that differed would be read twice, by the loader and again by the card. The live
  // updates read /config.json for their address.
  await openSignedIn(page, PHONE);
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / });
  await expect(welcome).toBeVisible();
  // Only the reloaded document's reads count: the first one may still be starting its live connection (and
  // reading /config.json for it) as the reload begins. Its requests all come before the new document commits.
  const reads: string[] = [];
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (!reloaded) return;
    if (pathname.startsWith('/api/') || pathname === '/config.json') reads.push(`${pathname}${search}`);
  });
  await page.reload();
  await expect(welcome).toBeVisible();
  await expect(page.getByText('No payments yet')).toBeVisible();
  expect(reads.toSorted()).toEqual(['/config.json', ...HOME_READS].toSorted());
});

test('a signed-in merchant sees the shell with their email and initial, and moves between its pages', async ({
  page,
}, testInfo) => {
  const merchant = await openSignedIn(page, DESKTOP);

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Harbour Coffee Co.' })).toBeVisible();
  // A new merchant is welcomed; after their first day the heading says "Welcome back" (docs/decisions.md #206).
  // A new merchant is on the free trial: the plan's badge says so (docs/decisions.md #87).
  await expect(page.getByText('Trial', { exact: true })).toBeVisible();
  await expect(page.getByText('First month free, then NZD $29/month')).toBeVisible();

  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText(merchant.email, { exact: true })).toBeVisible();
  await expect(sidebar.getByText(merchant.email[0]!.toUpperCase(), { exact: true })).toBeVisible();
  // On a wide screen the sidebar is always there: no menu button.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  const nav = sidebar.getByRole('navigation', { name: 'Dashboard' });
  for (const target of [...pages.slice(1), pages[0]]) {
    await nav.getByRole('link', { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(pathIs(target.path));
    await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    await expect(nav.getByRole('link', { name: target.link, exact: true })).toHaveAttribute('aria-current', 'page');
    // Exactly one item is marked current (the home link must not stay active under /dashboard/*).
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
  await nav.getByRole('link', { name: 'Transactions', exact: true }).click();
  // A new merchant has no payments yet: the list's empty state, not a blank page.
  await expect(page.getByText('No transactions found')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('transactions-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);
});

test('the home says it is loading, and says so when the profile cannot be loaded', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  // The next profile read is slow and then finds no profile (as for an account whose profile row is gone).
  await page.route('**/api/me', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'profile_not_found', message: 'User profile not found' }),
    });
  });
  await page.reload();
  await expect(page.getByText('Loading your dashboard...')).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'Unable to load profile' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('User profile not found');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toHaveCount(0);

  await page.unroute('**/api/me');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Harbour Coffee Co\.$/ })).toBeVisible();
});

test('at 390 px the sidebar is a drawer: the menu button opens it, choosing a page or Close closes it', async ({
  page,
}, testInfo) => {
  const merchant = await openSignedIn(page, PHONE);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Harbour Coffee Co\.$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('dashboard-390.png'), animations: 'disabled' });

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(merchant.email, { exact: true })).toBeVisible();
  await expect(drawer.getByText(merchant.email[0]!.toUpperCase(), { exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: testInfo.outputPath('dashboard-menu-390.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await drawer.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Mere Tawhiri');
  await page.screenshot({ path: testInfo.outputPath('settings-390.png'), fullPage: true, animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await closeWithEscape(drawer);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test('the merchant edits their profile; it is kept across a reload and the welcome uses it', async ({
  page,
}, testInfo) => {
  const merchant = await openSignedIn(page, DESKTOP);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Profile Settings' })).toBeVisible();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(merchant.email);
  await expect(email).not.toBeEditable();
  const fullName = page.getByLabel('Full Name');
  const companyName = page.getByLabel('Company Name');
  await expect(fullName).toHaveValue('Mere Tawhiri');
  await expect(companyName).toHaveValue('Harbour Coffee Co.');
  await page.screenshot({ path: testInfo.outputPath('settings-1280.png'), fullPage: true, animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await fullName.fill('Aroha Ngata');
  await companyName.fill('Kōwhai Bakery');
  // Hold the answer back a moment, to see the button say it is busy.
  await page.route('**/api/me', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 400));
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await page.unroute('**/api/me');

  await page.reload();
  await expect(fullName).toHaveValue('Aroha Ngata');
  await expect(companyName).toHaveValue('Kōwhai Bakery');
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Kōwhai Bakery$/ })).toBeVisible();

  // An empty company name clears it, and the welcome falls back to the merchant's own name.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await companyName.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully').first()).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Aroha Ngata$/ })).toBeVisible();
});

test('clearing Full Name shows the field error and saves nothing', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const fullName = page.getByLabel('Full Name');
  await expect(fullName).toHaveValue('Mere Tawhiri');

  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') updates.push(request.url());
  });
  await fullName.fill('   ');
  await page.getByLabel('Company Name').fill('Somewhere Else Ltd');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(fullName).toHaveAccessibleDescription('Full name is required');
  expect(updates).toEqual([]);
  await expectNoSeriousAxeFindings(page);

  await page.reload();
  await expect(fullName).toHaveValue('Mere Tawhiri');
  await expect(page.getByLabel('Company Name')).toHaveValue('Harbour Coffee Co.');
});

test('a failed save says why in an Error toast and keeps what was typed', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Mere Tawhiri');

  // The API is down for a moment (the gateway answers 503 with our error body).
  await page.route('**/api/me', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'unavailable', message: 'Paylink is busy, please try again' }),
        })
      : route.fallback(),
  );
  await page.getByLabel('Full Name').fill('Aroha Ngata');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update profile: Paylink is busy, please try again')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Aroha Ngata');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test('Delete Account tells the merchant to contact support, with a mailto', async ({ page }, testInfo) => {
  const merchant = await openSignedIn(page, DESKTOP);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Danger Zone' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog).toContainText('contact support');
  const supportLink = dialog.getByRole('link', { name: SUPPORT_EMAIL });
  await expect(supportLink).toHaveAttribute('href', new RegExp(`^mailto:${SUPPORT_EMAIL.replaceAll('.', '\\.')}\\?`));
  const href = (await supportLink.getAttribute('href'))!;
  expect(new URL(href).searchParams.get('body')).toContain(merchant.email);
  await expect(dialog.getByRole('link', { name: 'Email support' })).toHaveAttribute('href', href);
  await page.screenshot({ path: testInfo.outputPath('settings-delete-account-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

test('Logout goes to the landing page, and the dashboard then asks to sign in', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /start free trial/i }).first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a reload keeps the merchant signed in, even once the access token has expired', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Harbour Coffee Co\.$/ })).toBeVisible();

  const before = await storedAccessToken(page);
  await expireStoredTokens(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Harbour Coffee Co\.$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Amplify refreshed the session with the refresh token.
  expect(await storedAccessToken(page)).not.toBe(before);
});

test('a session that can no longer be refreshed sends the merchant to /login', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Mere Tawhiri');

  await revokeRefreshTokens(await storedAccessToken(page));
  await expireStoredTokens(page);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a token the API refuses ends the session and sends the merchant to /login', async ({ page }) => {
  await openSignedIn(page, DESKTOP);
  // Let the home's own first calls finish with the good token; only then is the stored token forged.
  await page.waitForLoadState('networkidle');
  await forgeStoredAccessToken(page);
  // Whichever of the page's merchant calls (/api/me, /api/me/subscription…) comes back first is refused.
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/api/me') && response.status() === 401,
  );
  await page.reload();
  await refused;
  await expect(page).toHaveURL(/\/login$/);
  // The forged token is gone: the dashboard does not take it again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('Sign out everywhere in Settings ends this session and the one on another device', async ({ page, browser }) => {
  const merchant = await openSignedIn(page, DESKTOP);
  const otherDevice = await browser.newContext({ baseURL: process.env.PAYLINK_E2E_BASE_URL });
  const otherPage = await otherDevice.newPage();
  try {
    await signInWithStoredSession(otherPage, merchant);
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByText('Sign out everywhere ends every session, this one included.')).toBeVisible();
    await expectNoSeriousAxeFindings(page);
    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);

    // The other device's access token, still within its hour, is refused on its next request (docs/decisions.md
    // #200), and its refresh token was revoked: it asks to sign in.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
  } finally {
    await otherDevice.close();
  }
});
