/**
 * A recurring link from end to end (issue 45's browser story; docs/decisions.md #150, #154–#157, #190, #191): a
 * yoga teacher makes a weekly $25.00 link in Create Link; a payer on a phone opens it, reads what repeats and what
 * they agree to, and subscribes on the sandbox's Checkout; the operator moves the sandbox's test clock a week on
 * (Stripe's test clocks, through the sandbox's API); the teacher's open dashboard shows the second payment and the
 * subscriber without a reload; the payer opens their receipt email, follows its link to Stripe's billing portal
 * and cancels; the teacher's open Subscribers screen shows it ended, Manage Links counts the sign-up, and
 * Transactions marks the first payment and the renewal, on screen and in the CSV. The
 * rules have their integration and contract tests; this one proves a person can walk through them. Axe on the
 * Subscribers screen at 390 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { devices, expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { StripeConnection } from '@shared/contracts/stripe-connection';
import type { SubscriberList } from '@shared/contracts/subscribers';
import { repeatAgreementWords } from '@shared/recurring';
import { parseCsv } from '../support/csv';
import { waitForEmail } from '../support/mailbox';
import { sandboxStripeClient } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { closeWithEscape } from './support/layers';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const DESKTOP = { width: 1280, height: 900 };
// A phone of 390 px, the narrowest we design for, as Playwright describes it (Chromium stands in for its browser).
const { defaultBrowserType: _safari, ...PHONE } = devices['iPhone 14'];
const WEEK_SECONDS = 7 * 86_400;
const WEEKLY = { every: 'week', payments: null } as const;

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
const subscriberRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your subscribers' }).getByRole('listitem').filter({ hasText: name });

/** What a reload would wipe: set once, read at the end, so "live" means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
}
const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true);

/**
 * The operator's hand: a test clock on the merchant's connected account for the subscriber's customer, started
 * at the subscription's start and advanced one week (Stripe's test clocks; the sandbox runs the renewal due).
 */
async function advanceOneWeek(stripeUrl: string, token: string, subscriptionId: string) {
  const stripe = sandboxStripeClient(stripeUrl);
  const status = await merchantApi<StripeConnection>(token, 'GET', '/api/me/stripe/status');
  const stripeAccount = status.debug_info.accountId!;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount });
  const clock = await stripe.testHelpers.testClocks.create(
    { frozen_time: subscription.start_date, customer: String(subscription.customer) },
    { stripeAccount },
  );
  await stripe.testHelpers.testClocks.advance(
    clock.id,
    { frozen_time: subscription.start_date + WEEK_SECONDS },
    { stripeAccount },
  );
}

test('a weekly link: a payer subscribes on a phone, the clock moves a week, the merchant watches, the payer cancels from the receipt', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Yoga' });
  const payer = { email: `aroha-${crypto.randomUUID().slice(0, 8)}@example.co.nz`, name: 'Aroha Ngata' };

  // The teacher makes the link: $25.00, weekly, until cancelled, no tip.
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');
  await page.getByLabel('Title').fill('Thursday night yoga');
  await page.getByLabel('Amount (NZD)').fill('25.00');
  await page.getByLabel('Repeat').selectOption({ label: 'Weekly' });
  // The form says what its other settings mean for a link that repeats (#154): the limit counts subscribers, and
  // the after-payment settings are the sign-up's only.
  await expect(page.getByLabel(/^Payment limit/)).toHaveAccessibleDescription(/^The most customers who can subscribe/);
  await expect(page.getByText(/^For a repeating link: /)).toContainText(
    'The thank-you message and your page follow the first payment only',
  );
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const link = (await (await created).json()) as PaymentLink;
  expect(link).toMatchObject({ amountCents: 2500, repeat: WEEKLY });
  const createdDialog = page.getByRole('dialog', { name: 'Payment Link Created!' });
  await expect(createdDialog.getByText('Every week · until cancelled', { exact: true })).toBeVisible();
  await createdDialog.getByRole('button', { name: 'Done' }).click();
  // Manage Links shows the link for what it is.
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  const linkRow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Thursday night yoga' }) });
  await expect(linkRow.getByText('Every week · until cancelled', { exact: true })).toBeVisible();

  // The teacher opens Subscribers and leaves it open.
  await navLink(page, 'Subscribers').click();
  await expect(page.getByText('No subscribers yet')).toBeVisible();
  await markPage(page);

  // The payer, on a phone: what repeats and what they agree to, before paying; then Checkout in subscription mode.
  const payerContext = await browser.newContext({ ...PHONE, baseURL: e2eEnv.baseUrl });
  const phone = await payerContext.newPage();
  await phone.goto(`/p/${link.linkId}`);
  await expect(phone.getByText('NZD $25.00 every week', { exact: true })).toBeVisible();
  await expect(
    phone.getByText(repeatAgreementWords(2500, 'nzd', WEEKLY, { offersTip: false }), { exact: true }),
  ).toBeVisible();
  await expectNoSeriousAxeFindings(phone);
  await phone.getByRole('button', { name: 'Pay Now' }).click();
  await expect(phone.getByRole('region', { name: 'Order summary' })).toContainText('every week');
  const stripeUrl = new URL(phone.url()).origin;
  await phone.getByLabel('Email').fill(payer.email);
  await phone.getByLabel('Name on card').fill(payer.name);
  await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
  await phone.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await phone.getByLabel('CVC').fill('123');
  await phone.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();

  // The teacher's open screen: the subscriber arrives with their first payment.
  const row = subscriberRow(page, payer.name);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('NZD $25.00 every week');
  await expect(row).toContainText(/Payments\s*1(?!\d)/);

  // The teacher goes to the dashboard's home; a week passes on the sandbox's clock and the renewal is charged:
  // the second $25.00 arrives in Recent Payments as it happens.
  await navLink(page, 'Dashboard').click();
  const recent = page.getByRole('region', { name: 'Recent Payments', exact: true });
  await expect(recent.getByRole('listitem').filter({ hasText: payer.name })).toHaveCount(1);
  const { subscribers } = await merchantApi<SubscriberList>(merchant.token, 'GET', '/api/me/subscribers');
  expect(subscribers).toHaveLength(1);
  await advanceOneWeek(stripeUrl, merchant.token, subscribers[0]!.subscriptionId);
  await expect(recent.getByRole('listitem').filter({ hasText: payer.name })).toHaveCount(2);
  await expect(recent.getByRole('listitem').filter({ hasText: payer.name }).first()).toContainText('$25.00');

  // Subscribers: two payments made; axe on the screen with its subscriber, on a phone's width and a desk's.
  await navLink(page, 'Subscribers').click();
  await expect(row).toContainText(/Payments\s*2(?!\d)/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoSeriousAxeFindings(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousAxeFindings(page);

  // The payer opens the renewal's receipt on the phone and follows its link to Stripe's billing portal.
  const receipt = await waitForEmail(e2eEnv.mailboxUrl, payer.email, { subject: /Your receipt/, count: 2 });
  expect(receipt.body.text).toContain('This payment repeats: NZD $25.00 every week.');
  await phone.setContent(receipt.body.html!);
  await phone.getByRole('link', { name: 'Cancel or change your card at any time' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Manage your subscription' })).toBeVisible();
  await phone.getByRole('button', { name: 'Cancel now' }).click();
  await expect(phone.getByText('Canceled', { exact: true })).toBeVisible();
  await payerContext.close();

  // The teacher's open Subscribers screen: ended, why, and nothing left to cancel; never reloaded.
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('The payer cancelled it.');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  expect(await stillTheSamePage(page)).toBe(true);

  // Back on Manage Links the link counts its sign-ups, and leads to its subscribers.
  await navLink(page, 'Payment Links & QR').click();
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  await expect(linkRow).toContainText(/Results:\s*1 subscriber\s*·\s*\$25\.00 taken at sign-up/);
  // Its limit, if the teacher sets one, counts subscribers.
  await linkRow.getByRole('button', { name: 'Actions for Thursday night yoga' }).click();
  await page.getByRole('menuitem', { name: 'Edit link settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Edit link settings' });
  await expect(settings.getByLabel(/^Payment limit/)).toHaveAccessibleDescription(/^1 subscribed so far: the limit/);
  await closeWithEscape(settings);
  await linkRow.getByRole('link', { name: 'Subscribers of Thursday night yoga and their payments' }).click();
  await expect(page).toHaveURL(`/dashboard/subscribers?linkId=${link.linkId}`);
  await expect(page.getByLabel('Link')).toHaveValue(link.linkId);
  await expect(row).toContainText('Cancelled');

  // Transactions tells the renewal from the payment that started the subscription (docs/decisions.md #267), on
  // the row, in the detail and in the CSV.
  await navLink(page, 'Transactions').click();
  const payments = page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ hasText: payer.email });
  await expect(payments).toHaveCount(2);
  await expect(payments.nth(0).getByRole('cell').first()).toContainText('Subscription · renewal');
  await expect(payments.nth(1).getByRole('cell').first()).toContainText('Subscription · first payment');
  await payments
    .nth(0)
    .getByRole('button', { name: /^Details/ })
    .click();
  await expect(page.locator('dt:text-is("Subscription") + dd')).toHaveText('Renewal · NZD $25.00 every week');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [header, ...rows] = parseCsv(
    (await readFile((await (await downloaded).path())!, 'utf8')).replace(/^\uFEFF/, ''),
  );
  expect(rows.map((cells) => cells[header!.indexOf('Subscription')])).toEqual(['Renewal', 'First payment']);
});

test("Create Link's Repeat says the number of payments once one is set, not 'until they or you cancel'", async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Swim School' });
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');
  const repeat = page.getByLabel('Repeat');
  await repeat.selectOption({ label: 'Weekly' });
  await expect(repeat).toHaveAccessibleDescription(/until they or you cancel/);
  const payments = page.getByLabel(/^Number of payments/);
  await payments.fill('10');
  await expect(repeat).toHaveAccessibleDescription(/10 payments in all, then it stops by itself/);
  await expect(repeat).not.toHaveAccessibleDescription(/until they or you cancel/);
  // Emptied, it repeats until cancelled again, and the hint says so.
  await payments.fill('');
  await expect(repeat).toHaveAccessibleDescription(/until they or you cancel/);
});
