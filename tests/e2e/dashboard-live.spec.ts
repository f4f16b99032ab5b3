/**
 * The dashboard home, live (docs/decisions.md #7, #8, #12, #18): the merchant's
 * dashboard stays open in one browser while a payer pays in another (the sandbox's hosted Checkout), and
 * without a reload the Recent Payments, the Business Overview, the sales chart's numbers and a 'Payment
 * received' toast follow, with the Live indicator on. Also Verify & Refresh, the loading and failure
 * states, a merchant with no payments and no Stripe, and the Materials Kit's setup guide and one-click
 * payment templates. Screens at 1280 and 390 px, axe on each.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { DashboardStats } from '@shared/contracts/stats';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { recordAssets, viteManifest } from './support/built-assets';
import { createConfirmedMerchant, createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';
import { expectToastSeen, recordToasts } from './support/toasts-seen';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const BUSINESS = 'Kōwhai Coffee Cart';
const run = crypto.randomUUID().slice(0, 8);

let merchant: Awaited<ReturnType<typeof createMerchantReadyForPayments>>;
let flatWhite: PaymentLink;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const liveIndicator = (page: Page) => page.getByRole('status').filter({ hasText: /^Live\b/ });
/** A stat in the Business Overview, by its label (a <dt>; the value is the <dd> beside it). */
const stat = (page: Page, label: string) =>
  region(page, 'Business Overview')
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
const chartTable = (page: Page) => page.getByRole('table', { name: 'Revenue per day, last 30 days' });

/** Today as dd/MM/yyyy in the merchant's time zone (Pacific/Auckland, docs/decisions.md #12). */
function todayInAuckland(): string {
  return new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

/** Pays a link through the API and the sandbox's hosted Checkout form, then lets the success page's verification settle it. */
async function payThroughApi(linkId: string, payer: { email: string; name: string }, tip: 'none' | 'percent') {
  const checkout = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip }),
  });
  expect([200, 201]).toContain(checkout.status);
  const { url } = (await checkout.json()) as CheckoutResponse;
  const answer = await submitHostedForm(url, {
    email: payer.email,
    name: payer.name,
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  const verified = await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  expect(((await verified.json()) as { status: string }).status).toBe('succeeded');
}

/** Full-page screenshots at 1280 and 390 px (back at 1280 afterwards), with axe on both. */
async function screens(page: Page, testInfo: TestInfo, name: string, ready: (page: Page) => Locator) {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(ready(page)).toBeVisible();
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    await expectNoSeriousAxeFindings(page);
  }
  await page.setViewportSize(DESKTOP);
}

test.beforeAll(async () => {
  merchant = await createMerchantReadyForPayments({ businessName: BUSINESS });
  flatWhite = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Flat white and a muffin',
    description: 'Collect from the cart on Quay Street.',
    isOpenAmount: false,
    amountCents: 2500,
    tipPercent: 10,
  });
  // Three payments before the dashboard opens: $27.50 (with the tip), $25.00, $25.00.
  await payThroughApi(flatWhite.linkId, { email: `aroha-${run}@example.co.nz`, name: 'Aroha Ngata' }, 'percent');
  await payThroughApi(flatWhite.linkId, { email: `tama-${run}@example.co.nz`, name: 'Tama Rewi' }, 'none');
  await payThroughApi(flatWhite.linkId, { email: `mere-${run}@example.co.nz`, name: 'Mere Kahu' }, 'none');
});

test('a payment made in another browser shows on the open dashboard without a reload', async ({
  page,
  browser,
}, testInfo) => {
  const today = todayInAuckland();
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Welcome( back)?, ${BUSINESS}$`) }),
  ).toBeVisible();
  await expect(liveIndicator(page)).toBeVisible();

  // Before: three payments, so no 'View All Payments'; $77.50 received, all of it today.
  const recent = region(page, 'Recent Payments');
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  await expect(recent.getByRole('listitem').first()).toContainText('Mere Kahu');
  await expect(recent.getByRole('link', { name: 'View All Payments' })).toHaveCount(0);
  await expect(stat(page, 'Revenue')).toHaveText('$77.50');
  await expect(stat(page, 'Completed')).toHaveText('3');
  await expect(stat(page, 'Active Links')).toHaveText('1');
  await expect(chartTable(page).getByRole('row', { name: new RegExp(`^${today}`) })).toContainText('$77.50');
  await expect(region(page, 'Business Status').getByText('Connected', { exact: true })).toBeVisible();
  await expect(region(page, 'Business Status')).toContainText(BUSINESS);
  await expect(
    region(page, 'Business Status').getByRole('link', { name: 'Connect Stripe to Accept Payments' }),
  ).toHaveCount(0);
  await screens(page, testInfo, 'dashboard-home', liveIndicator);

  // A marker that a reload would wipe.
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

  // The toast lasts four seconds from the push, which may beat the payer's own page: kept as it shows.
  await recordToasts(page);

  // The payer, in a browser of their own, pays the flat white with the 10% tip on Stripe's Checkout.
  const payerContext = await browser.newContext({ baseURL: e2eEnv.baseUrl });
  const payer = await payerContext.newPage();
  await payer.goto(`/p/${flatWhite.linkId}`);
  await payer.getByText('10% · $2.50', { exact: true }).click();
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await expect(payer.getByText('NZD $27.50')).toBeVisible();
  await payer.getByLabel('Email').fill(`wiremu-${run}@example.co.nz`);
  await payer.getByLabel('Name on card').fill('Wiremu Tane');
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await payer.getByLabel('CVC').fill('123');
  await payer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  await payerContext.close();

  // The merchant's dashboard, untouched: the toast, the list, the stats and the chart's numbers follow.
  await expectToastSeen(page, 'Payment received', '$27.50 total (incl. $2.50 tip) has just been paid.');
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  const newest = recent.getByRole('listitem').first();
  await expect(newest).toContainText('Wiremu Tane');
  await expect(newest).toContainText('$27.50 total');
  await expect(newest).toContainText('(incl. $2.50 tip)');
  await expect(newest).toContainText('Approved');
  await expect(recent.getByRole('link', { name: 'View All Payments' })).toHaveAttribute(
    'href',
    '/dashboard/transactions',
  );
  await expect(stat(page, 'Revenue')).toHaveText('$105.00');
  await expect(stat(page, 'Completed')).toHaveText('4');
  await expect(stat(page, 'This Month')).toHaveText('$105.00');
  await expect(chartTable(page).getByRole('row', { name: new RegExp(`^${today}`) })).toContainText('$105.00');
  await expect(region(page, 'Sales Analytics')).toContainText('$105.00 in total');
  await expect(liveIndicator(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await screens(page, testInfo, 'dashboard-home-paid', liveIndicator);

  // The stats the screen shows are the API's.
  const stats = await merchantApi<DashboardStats>(merchant.token, 'GET', '/api/me/stats');
  expect(stats.totalRevenue).toBe(10_500);

  await recent.getByRole('link', { name: 'View All Payments' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
});

test("Verify & Refresh says it is verifying, then that it is done; the toasts' code comes with the first toast", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const requested = recordAssets(page);
  await signInWithStoredSession(page, merchant);
  const overview = region(page, 'Business Overview');
  await expect(stat(page, 'Completed')).toHaveText(/\d+/);
  // sonner is not part of the home's first visit (web/src/lib/toast.tsx, docs/decisions.md #110).
  const sonnerFile = Object.entries(viteManifest()).find(([key]) =>
    key.endsWith('node_modules/sonner/dist/index.mjs'),
  )?.[1].file;
  expect(sonnerFile).toMatch(/^assets\/.+\.js$/);
  expect(requested).not.toContain(sonnerFile);

  // The verification answer is held until the first toast has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me/payments/verify', async (route) => {
    await held;
    await route.continue();
  });
  await overview.getByRole('button', { name: 'Verify & Refresh' }).click();
  await expect(toast(page, 'Verifying transactions...')).toBeVisible();
  expect(requested).toContain(sonnerFile);
  await expect(overview.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  const statsReread = page.waitForResponse((response) => response.url().endsWith('/api/me/stats'));
  release();
  await expect(toast(page, 'Verification completed')).toBeVisible();
  await statsReread;
  await expect(overview.getByRole('button', { name: 'Verify & Refresh' })).toBeEnabled();
  await expectNoSeriousAxeFindings(page);
});

test('the home draws its loading state, and says so when the statistics cannot be loaded', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await expect(stat(page, 'Completed')).toHaveText(/\d+/);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me/stats', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal_error', message: 'Something went wrong. Please try again.' }),
    });
  });
  await page.reload();
  const loading = region(page, 'Business Overview').getByRole('status').filter({ hasText: 'Loading statistics...' });
  await screens(page, testInfo, 'dashboard-home-loading', () => loading);
  release();

  // Retried (as every query is), then told: a toast and the card.
  await expect(toast(page, 'Failed to load dashboard statistics')).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, 'Failed to load dashboard statistics')).toContainText('Error');
  const failure = region(page, 'Business Overview').getByRole('alert');
  await expect(failure).toContainText('Failed to load dashboard statistics');
  await page.unroute('**/api/me/stats');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(stat(page, 'Completed')).toHaveText(/\d+/);
});

test('a new merchant sees the empty states, Stripe not connected and the way to connect it', async ({
  page,
}, testInfo) => {
  const newcomer = await createConfirmedMerchant({ businessName: `Tūī Bakery ${run}` });
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, newcomer);
  await expect(region(page, 'Recent Payments')).toContainText('No payments yet');
  await expect(stat(page, 'Revenue')).toHaveText('$0.00');
  await expect(stat(page, 'This Month')).toHaveText('$0.00');
  await expect(region(page, 'Business Overview')).toContainText('No revenue this month or last yet');
  await expect(region(page, 'Sales Analytics')).toContainText('No sales in this period yet.');
  // No "$0.00 / $0.00" axis over an empty chart: words instead.
  await expect(region(page, 'Sales Analytics')).not.toContainText('$0.00');
  await expect(region(page, 'Sales Analytics')).toContainText('will show here as a bar');
  const status = region(page, 'Business Status');
  await expect(status).toContainText('Not Connected');
  await expect(status).toContainText(`Tūī Bakery ${run}`);
  await screens(page, testInfo, 'dashboard-home-new', () => status.getByText('Not Connected'));

  // Quick Actions go where they say.
  const quick = region(page, 'Quick Actions');
  await expect(quick.getByRole('link', { name: 'Generate QR Code' })).toHaveAttribute(
    'href',
    '/dashboard/create-link?tab=qr',
  );
  await expect(quick.getByRole('link', { name: 'View Transactions' })).toHaveAttribute(
    'href',
    '/dashboard/transactions',
  );
  await quick.getByRole('link', { name: 'Create Payment Link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-link$/);
  await page.goBack();

  await status.getByRole('link', { name: 'Connect Stripe to Accept Payments' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('Payment Templates create a ready-made link in one click', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await region(page, 'Materials Kit')
    .getByRole('link', { name: /Payment Templates/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/payment-templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Templates' })).toBeVisible();
  const templates = page.getByRole('list', { name: 'Templates' });
  const coffee = templates
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Coffee', exact: true }) });
  await expect(coffee).toContainText('$5.50');
  await expect(coffee).toContainText('10% tip option');
  await expect(templates.getByRole('listitem').filter({ hasText: 'Invoice payment' })).toContainText('Open amount');
  await screens(page, testInfo, 'payment-templates', () => coffee.getByRole('button', { name: 'Create link: Coffee' }));

  await coffee.getByRole('button', { name: 'Create link: Coffee' }).click();
  await expect(toast(page, 'Payment link created')).toContainText("'Coffee' is ready to share.");
  await expect(coffee.getByRole('status')).toHaveText('Link created');
  const links = await merchantApi<{ links: PaymentLink[] }>(merchant.token, 'GET', '/api/me/links');
  const created = links.links.find((link) => link.title === 'Coffee');
  expect(created).toMatchObject({ amountCents: 550, tipPercent: 10, isOpenAmount: false, isActive: true });
  await expect(coffee.getByRole('link', { name: `/p/${created!.linkId}` })).toHaveAttribute(
    'href',
    `/p/${created!.linkId}`,
  );
  await screens(page, testInfo, 'payment-templates-created', () => coffee.getByRole('status'));

  await coffee.getByRole('link', { name: 'View in Payment Links' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-link\?tab=manage$/);
  await expect(
    page
      .getByRole('list', { name: 'Your Payment Links' })
      .getByRole('heading', { level: 3, name: 'Coffee', exact: true }),
  ).toBeVisible();
});

test('the Business Setup Guide is a short page that prints without the dashboard around it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await region(page, 'Materials Kit')
    .getByRole('link', { name: /Business Setup Guide/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/setup-guide$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Setup Guide' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(7);
  for (const [index, title] of [
    'Connect Stripe',
    'Tell Paylink about GST',
    'Create a payment link',
    'Print the QR code',
    'Take a payment',
    'Check Transactions and refund',
    'Payouts into Xero',
  ].entries()) {
    await expect(steps.nth(index).getByRole('heading', { level: 2 })).toHaveText(`${index + 1}. ${title}`);
  }
  // Tips as a link offers them now (three presets and the customer's own, #205), and the receipt that comes
  // by itself (#172).
  await expect(steps.nth(2)).toContainText('up to three percentages (10, 15 and 20% to start)');
  await expect(steps.nth(4)).toContainText('Their receipt comes by email in your business');
  // Paylink refunds itself: the guide no longer sends the merchant to Stripe's dashboard for it.
  await expect(steps.nth(5)).toContainText('open the payment and choose Refund');
  await expect(page.getByRole('list', { name: 'Setup steps' })).not.toContainText('Stripe Dashboard');
  await screens(page, testInfo, 'setup-guide', (p) => p.getByRole('button', { name: 'Print Guide' }));

  // Printed: the steps stay, the sidebar and the buttons go.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print Guide' })).toBeHidden();
  await expect(steps.first()).toBeVisible();
  const file = testInfo.outputPath('setup-guide-print-1280.png');
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach('setup-guide-print-1280', { path: file, contentType: 'image/png' });
  await page.emulateMedia({ media: null });
  await expect(page.getByRole('button', { name: 'Print Guide' })).toBeVisible();

  // The Xero step leads to the Payouts page, whose own guide gives the steps in Xero.
  await steps.nth(6).getByRole('link', { name: 'Open Payouts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  const guide = region(page, 'How to bring these files into Xero');
  await expect(guide.getByText('Add Bank Account')).toBeHidden();
  await guide.getByText('Show the Xero steps').click();
  await expect(guide.getByRole('heading', { name: 'Once: make a Stripe clearing account' })).toBeVisible();
  await expect(guide).toContainText('Accounting → Bank accounts → Add Bank Account');
  await expect(guide).toContainText('as a Transfer to your bank account');
  await screens(page, testInfo, 'payouts-xero-guide', () => guide);
});
