/**
 * Stripe in the dashboard: the provider connection gate on Payment Links & QR, onboarding on the local
 * Stripe sandbox and the return to Settings, and the subscription card and gate — against the local
 * runtime's real API and Stripe sandbox. States the runtime cannot reach in a test's time (a trial with a
 * few days left, a trial that has ended, a failing API) are played by answering the one API call.
 */
import { expect, test, type Page } from '@playwright/test';
import { SUPPORT_EMAIL } from '@shared/brand';
import { SUBSCRIPTION_REQUIRED_MESSAGE, type SubscriptionStatus } from '@shared/contracts/subscription';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openSignedIn(page: Page, viewport = DESKTOP) {
  const merchant = await createConfirmedMerchant();
  await page.setViewportSize(viewport);
  await signInWithStoredSession(page, merchant);
  return merchant;
}

async function openPaymentLinks(page: Page) {
  await page.goto('/dashboard/create-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Links & QR Codes' })).toBeVisible();
}

/** The Payment Links & QR screen itself, which the gates let through once Stripe is connected. */
const createLinkTab = (page: Page) => page.getByRole('tab', { name: 'Create Link' });
const integrationCard = (page: Page) => page.getByRole('region', { name: 'Stripe Integration' });
const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Subscription' });

/** Answers GET /api/me/subscription with `status` (merged over a fresh trial). */
async function answerSubscription(page: Page, status: Partial<SubscriptionStatus>) {
  const body: SubscriptionStatus = {
    subscribed: false,
    subscription_tier: 'Trial',
    subscription_end: null,
    cancel_at_period_end: false,
    trial_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    trial_days_left: 30,
    access: 'trial',
    trialing: (status.access ?? 'trial') === 'trial',
    ...status,
  };
  await page.route('**/api/me/subscription', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) })
      : route.fallback(),
  );
}

test('a new merchant meets the Stripe gate, connects on Stripe in a new tab that comes back there, and the first tab updates by itself', async ({
  page,
}, testInfo) => {
  await openSignedIn(page);
  await openPaymentLinks(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Connect your Stripe account' })).toBeVisible();
  for (const line of ['100% secure process', 'Receive payments directly', 'Quick setup']) {
    await expect(page.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(createLinkTab(page)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('stripe-gate-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  // Checking again before connecting changes nothing.
  await page.getByRole('button', { name: 'Check Again' }).click();
  await expect(page.getByRole('button', { name: 'Check Again' })).toBeEnabled();
  await expect(createLinkTab(page)).toHaveCount(0);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Stripe Account' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Connect your Stripe account' })).toBeVisible();

  // Stripe sends the merchant back to the page they started from with ?stripe_connected=true
  // (docs/decisions.md #87); it verifies, says so, and takes the parameter out of the address.
  const returned = popup.waitForRequest(
    (request) =>
      request.isNavigationRequest() && request.url().includes('/dashboard/create-link?stripe_connected=true'),
  );
  await popup.getByRole('button', { name: 'Complete onboarding' }).click();
  await returned;
  await expect(toast(popup, 'Stripe Connected')).toBeVisible();
  await expect(popup).toHaveURL(/\/dashboard\/create-link$/);
  await expect(createLinkTab(popup)).toBeVisible();

  // The first tab, left on the gate, lets the merchant through by itself: no Check Again, no reload.
  await expect(createLinkTab(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your Stripe account' })).toHaveCount(0);

  await popup.goto('/dashboard/settings');
  const card = integrationCard(popup);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Check Status' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Stripe Account' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Diagnostic' })).toHaveCount(0);

  // Disconnecting is not self-service: the dialog points to support with a mailto.
  await card.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = popup.getByRole('dialog', { name: 'Disconnect Stripe' });
  await expect(dialog.getByRole('link', { name: 'Email support' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${SUPPORT_EMAIL.replaceAll('.', '\\.')}\\?`),
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await popup.close();
});

test('Settings shows the integration card not connected, at 1280 and 390 px, and handles an expired link', async ({
  page,
}, testInfo) => {
  await openSignedIn(page);
  await page.goto('/dashboard/settings?stripe_refresh=true');
  await expect(toast(page, 'Incomplete Setup')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);

  const card = integrationCard(page);
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
  for (const name of ['Connect Stripe Account', 'Diagnostic', 'Check Status']) {
    await expect(card.getByRole('button', { name })).toBeVisible();
  }
  await expect(card.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('settings-stripe-card-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('settings-stripe-card-390.png'), animations: 'disabled' });
  await openPaymentLinks(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your Stripe account' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('stripe-gate-390.png'), fullPage: true, animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);
});

test('Connect and Diagnostic say what went wrong in the product’s words', async ({ page }) => {
  await openSignedIn(page);
  await page.route('**/api/me/stripe/connect', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'stripe_unavailable', message: 'Stripe did not answer' }),
    }),
  );
  await page.route('**/api/me/stripe/diagnose', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        results: { errors: ['The Stripe secret key was refused', 'second problem'], details: {} },
        recommendations: ['Check the key'],
      }),
    }),
  );
  await page.goto('/dashboard/settings');
  const card = integrationCard(page);

  await card.getByRole('button', { name: 'Connect Stripe Account' }).click();
  await expect(toast(page, 'Connection Error')).toContainText('Could not connect to Stripe: Stripe did not answer');

  await card.getByRole('button', { name: 'Diagnostic' }).click();
  await expect(toast(page, 'Problem Detected')).toContainText('The Stripe secret key was refused');
  await expect(toast(page, 'Problem Detected')).not.toContainText('second problem');
});

test('the home shows the trial card with the days left, at 1280 and 390 px', async ({ page }, testInfo) => {
  await openSignedIn(page);
  const card = subscriptionCard(page);
  await expect(card.getByText('30 days left in your free trial')).toBeVisible();
  await expect(card).not.toHaveAttribute('data-warning', 'true');
  await expect(card.getByRole('button', { name: 'Upgrade to Business' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('trial-card-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await page.setViewportSize(PHONE);
  await page.screenshot({ path: testInfo.outputPath('trial-card-390.png'), fullPage: true, animations: 'disabled' });

  // With 7 days or fewer left the card turns to a warning.
  await answerSubscription(page, {
    trial_days_left: 7,
    trial_end: new Date(Date.now() + 6.5 * 86_400_000).toISOString(),
  });
  await page.reload();
  await expect(card.getByText('7 days left in your free trial')).toBeVisible();
  await expect(card).toHaveAttribute('data-warning', 'true');
  await page.screenshot({
    path: testInfo.outputPath('trial-card-warning-390.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await expectNoSeriousAxeFindings(page);
});

test('the home says when the subscription status cannot be loaded, and tries again', async ({ page }) => {
  await openSignedIn(page);
  await page.route('**/api/me/subscription', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'profile_not_found', message: 'User profile not found' }),
    }),
  );
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Unable to load subscription status' });
  await expect(failure).toContainText('User profile not found');
  await page.unroute('**/api/me/subscription');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('30 days left in your free trial')).toBeVisible();
});

test('once the trial has ended, Payment Links shows the expired screen, and browsing is limited', async ({
  page,
}, testInfo) => {
  await openSignedIn(page);
  await answerSubscription(page, {
    access: 'expired',
    trial_days_left: 0,
    trial_end: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await page.reload();
  const homeCard = subscriptionCard(page);
  await expect(homeCard.getByText('Your 30-day free trial has ended')).toBeVisible();
  await expect(homeCard.getByRole('button', { name: 'Upgrade to Business' })).toBeVisible();

  await openPaymentLinks(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Your 30-day free trial has ended' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Business' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('trial-expired-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);

  await page.getByRole('button', { name: 'Browse Features (Limited)' }).click();
  await expect(page.getByText('Limited access', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Business' })).toBeVisible();
  // The feature (here the Stripe gate, as this merchant has not connected) is dimmed and out of reach.
  const preview = page.locator('[inert]');
  await expect(preview).toHaveAttribute('aria-disabled', 'true');
  await expect(preview).toHaveCSS('pointer-events', 'none');
  await expect(preview).toHaveCSS('opacity', '0.5');
  await expect(preview.getByText('Connect your Stripe account')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('trial-expired-browse-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);
});

test('a gated call refused with subscription_required turns the page to the expired screen', async ({ page }) => {
  await openSignedIn(page);
  await openPaymentLinks(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your Stripe account' })).toBeVisible();
  // The trial ends while the page is open: the next gated call is refused, and the status then says so.
  await answerSubscription(page, { access: 'expired', trial_days_left: 0 });
  await page.route('**/api/me/stripe/connect', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'subscription_required', message: SUBSCRIPTION_REQUIRED_MESSAGE }),
    }),
  );
  await page.getByRole('button', { name: 'Connect Stripe Account' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your 30-day free trial has ended' })).toBeVisible();
});

test('a merchant upgrades to Business on Stripe Checkout, then cancels at period end in the portal', async ({
  page,
}) => {
  const merchant = await openSignedIn(page);
  const card = subscriptionCard(page);
  await expect(card.getByText('30 days left in your free trial')).toBeVisible();

  const checkoutOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Upgrade to Business' }).click();
  const checkout = await checkoutOpened;
  await expect(checkout.getByText(/every month/)).toBeVisible();
  await checkout.getByLabel('Email').fill(merchant.email);
  await checkout.getByLabel('Name on card').fill('Mere Tawhiri');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  // Back to the page it began on (docs/decisions.md #87).
  await expect(checkout).toHaveURL(/\/dashboard\?subscription=success$/);

  // The first tab updates by itself (the realtime push), with no reload; the trial is kept, and said.
  await expect(card.getByText('Business plan')).toBeVisible();
  await expect(card.getByText('Trial', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Free until \d{2}\/\d{2}\/\d{4}, then NZD \$29\/month$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Upgrade to Business' })).toHaveCount(0);
  await checkout.close();

  const portalOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Manage subscription' }).click();
  const portal = await portalOpened;
  await expect(portal.getByRole('heading', { name: 'Manage your subscription' })).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(portal.getByText(/Cancels on/)).toBeVisible();
  await portal.close();

  // The portal's change reaches this tab by the realtime push too.
  await expect(card.getByText(/^Ends on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(card.getByText('Ending', { exact: true })).toBeVisible();
  await expect(card.getByText('Business plan')).toBeVisible();
});
