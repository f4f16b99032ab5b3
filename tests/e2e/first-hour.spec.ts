/**
 * A new merchant's first hour, as one story (issue 29's "How it is checked"), at 1280 px in the desktop
 * project and 390 px in the phone project: sign up → the sign-in page carries on from it → the
 * verification email's fallback link, pasted → "Welcome" and the setup checklist (docs/decisions.md #88)
 * → Stripe connected in a second tab while the first ticks by itself (#87) → a link made and its whole
 * address copied out of the link box → a payer pays it with the tip → the payment arrives live, its figure
 * named (#100) → found in Transactions by the id on the payer's receipt (#29) → a checkout the payer
 * opened and left is neither in Recent Payments nor counted as Pending (#30). Then a café's first week (issue
 * 49's "How it is checked"): one payer picks a preset tip by keyboard and another types their own (#205), and
 * Checkout charges what the page said; the payer who closes the tab still gets a receipt with the café's
 * reply-to (#172, #173) and the success page leads to the café's own website (#207); part of a payment is
 * refunded and the day's payout runs; at 9 am Auckland time on its arrival day the Xero export by dates finds it,
 * Payouts fits the screen, and the transactions CSV's Net adds up to it. Every screen is photographed,
 * measured for sideways scroll and checked by axe. The parts are tested in depth by their own specs; this
 * one proves they join up.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { PaymentDetail } from '@shared/contracts/payments';
import type { StripeConnection } from '@shared/contracts/stripe-connection';
import type { PayoutList } from '@shared/contracts/payouts';
import { instantOfWallClock } from '@shared/wall-clock';
import { parseCsv } from '../support/csv';
import { linkIn, waitForEmail } from '../support/mailbox';
import { createMerchantReadyForPayments, e2eEnv, E2E_PASSWORD, merchantApi } from './support/merchant';
import { fillSignupForm } from './support/signup';
import { payOnCheckout, screensFor, sessionAt } from './support/story-screens';
import { expectToastSeen, recordToasts } from './support/toasts-seen';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({
  baseURL: process.env.PAYLINK_E2E_BASE_URL,
  timezoneId: 'Pacific/Auckland',
  // Every tab of the merchant's browser (Stripe's too) at 390 px in the phone project, 1280 in desktop.
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  viewport: async ({}, use, testInfo) => use(testInfo.project.name === 'phone' ? PHONE : DESKTOP),
});

const checklistOf = (page: Page) => page.getByRole('region', { name: 'Set up your business' });
const step = (page: Page, name: string) => checklistOf(page).getByRole('listitem').filter({ hasText: name });
const stat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Business Overview' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a new merchant signs up, connects Stripe, shares a link and finds the first payment', async ({
  browser,
  page,
  context,
  baseURL,
}, testInfo) => {
  // About twenty screens, each photographed and checked by axe, and two browsers.
  test.setTimeout(150_000);
  const viewport = testInfo.project.name === 'phone' ? PHONE : DESKTOP;
  const screen = screensFor(testInfo, viewport);

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const email = `first-hour-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

  // Sign up; the sign-in page carries on from it, the address filled in and the next step on the page.
  await page.goto('/signup');
  await fillSignupForm(page, email);
  await screen(page, 'signup', page.getByRole('heading', { level: 1, name: 'Start your free trial' }));
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await screen(
    page,
    'login-next-step',
    page.getByRole('status').filter({ hasText: 'One more step: confirm your email' }),
  );

  // The verification email, read as a person reads it: the address it writes out, copied as text and
  // pasted into the address bar, Cognito's code in it.
  const verification = await waitForEmail(e2eEnv.mailboxUrl, email, { subject: /Confirm your email/ });
  const mail = await context.newPage();
  await mail.setContent(verification.body.html!, { waitUntil: 'domcontentloaded' });
  // The link written out once, under "(tap it, or paste it into your browser)": a line of its own.
  const pasted = (await mail.getByText(/^https?:\/\/\S+$/).innerText()).trim();
  await mail.close();
  expect(pasted).toBe(linkIn(verification, '/verify-email').href);
  expect(new URL(pasted).searchParams.get('token_hash')).toMatch(/^\w+$/);
  await page.goto(pasted);
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await screen(page, 'email-verified', page.getByRole('heading', { name: 'Sign in to set up your business' }));
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  // The first dashboard: a welcome, and the checklist first on the page. The first call of each of the
  // dashboard's functions is a cold start in the local runtime, slow on a loaded machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 30_000 });
  const checklist = checklistOf(page);
  await expect(checklist).toContainText('0 of 4 done', { timeout: 30_000 });
  await screen(page, 'welcome', checklist);

  // Stripe in a second tab; this one ticks by the push, without a reload or a focus.
  const popupOpened = page.waitForEvent('popup');
  await checklist.getByRole('button', { name: 'Connect Stripe' }).click();
  const stripeTab = await popupOpened;
  await screen(stripeTab, 'stripe-onboarding', stripeTab.getByRole('button', { name: 'Complete onboarding' }));
  await stripeTab.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(stripeTab).toHaveURL(/\/dashboard$/);
  await stripeTab.close();
  await expect(step(page, 'Connect Stripe')).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('1 of 4 done');

  // A link with tips (10, 15 and 20% when turned on); the link box holds the whole address, so selecting and
  // copying it works.
  await checklist.getByRole('link', { name: 'Create a link' }).click();
  await page.getByLabel('Title').fill('Flat white');
  await page.getByLabel('Amount (NZD)').fill('5.50');
  await page.getByLabel('Offer tips').check();
  await expect(page.getByLabel('Tip 1 (%)')).toHaveValue('10');
  await screen(page, 'create-link', page.getByRole('button', { name: 'Create Payment Link' }));
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const created = page.getByRole('dialog', { name: 'Payment Link Created!' });
  const linkBox = created.getByRole('textbox', { name: 'Payment link' });
  await screen(page, 'link-created', linkBox);
  const linkUrl = await linkBox.inputValue();
  expect(linkUrl).toMatch(new RegExp(`^${baseURL}/p/[A-Za-z0-9_-]+$`));
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await linkBox.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(linkUrl);
  await page.keyboard.press('Escape');

  // The merchant watches the dashboard while a payer, on their own device, opens the copied link.
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Payments' });
  await expect(recent).toContainText('No payments yet');
  // The toast below comes only by push: the dashboard's socket, opened in an effect once it is drawn, must be
  // connected before the payer pays (a push sent earlier reaches no one).
  await expect(page.getByRole('status').filter({ hasText: /^Live\b/ })).toBeVisible();
  // The toast lasts four seconds from the push, which often beats the payer's own page: kept as it shows.
  await recordToasts(page);
  const payerContext = await browser.newContext({
    baseURL,
    viewport,
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
    timezoneId: 'Pacific/Auckland',
  });
  const payer = await payerContext.newPage();
  await payer.goto(copied);
  await payer.getByText('10% · $0.55', { exact: true }).click();
  await expect(payer.getByRole('radio', { name: '10% · $0.55' })).toBeChecked();
  await screen(payer, 'payment-page', payer.getByRole('region', { name: 'Payment summary' }));
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await expect(payer.getByText('NZD $6.05')).toBeVisible();
  await screen(payer, 'checkout', payer.getByRole('button', { name: 'Pay', exact: true }));
  const payerEmail = `aroha-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  await payer.getByLabel('Email').fill(payerEmail);
  await payer.getByLabel('Name on card').fill('Aroha Ngata');
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await payer.getByLabel('CVC').fill('123');
  await payer.getByRole('button', { name: 'Pay', exact: true }).click();
  const details = payer.getByRole('region', { name: 'Payment details' });
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  await expect(details).toContainText('Amount$5.50');
  await expect(details).toContainText('Tip$0.55');
  await expect(details).toContainText('Total$6.05');
  await screen(payer, 'payment-confirmed', details);

  // Live on the merchant's dashboard, the figure named: the total and the tip in it.
  await expectToastSeen(page, 'Payment received', '$6.05 total (incl. $0.55 tip) has just been paid.');
  const payment = recent.getByRole('listitem').filter({ hasText: 'Aroha Ngata' });
  await expect(payment).toContainText('$6.05 total');
  await expect(payment).toContainText('(incl. $0.55 tip)');
  await screen(page, 'payment-live', payment);

  // The payer asks for the receipt; the id on it is the one the merchant searches by.
  await payer.getByRole('button', { name: 'Email Receipt' }).click();
  await payer.getByRole('dialog', { name: 'Email Receipt' }).getByRole('button', { name: 'Send Receipt' }).click();
  await expect(payer.locator('[data-sonner-toast]').filter({ hasText: 'Receipt Sent' })).toBeVisible();
  const receipt = await waitForEmail(e2eEnv.mailboxUrl, payerEmail, { subject: /receipt/i, timeoutMs: 10_000 });
  const receiptId = /Transaction ID: (\S+)/.exec(receipt.body.text!)?.[1];
  expect(receiptId).toMatch(/^pay_[A-Za-z0-9_-]{16}$/);
  await expect(details).toContainText(`Transaction ID${receiptId}`);

  // Another payer opens Checkout from the same link and leaves without paying.
  await payer.goto(copied);
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await expect(payer.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await payerContext.close();

  // The left checkout is not money on the way: not in Recent Payments, not Pending; it has its own filter.
  await page.reload();
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(stat(page, 'Pending')).toHaveText('0');
  await screen(page, 'dashboard-after', recent.getByRole('listitem').first());

  // Transactions finds the payment by the receipt's id.
  await page.goto('/dashboard/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const filters = page.getByRole('button', { name: /^(Hide|Show) Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  await page.getByLabel('Transaction ID').fill(receiptId!);
  await expect(page).toHaveURL(new RegExp(`transactionId=${receiptId}`));
  const found =
    viewport === PHONE
      ? page.getByRole('list', { name: 'Transaction History' }).getByRole('button', { name: /Flat white/ })
      : page
          .getByRole('table', { name: 'Transaction History' })
          .getByRole('row')
          .filter({ has: page.getByRole('button', { name: /^Details/ }) });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(payerEmail);
  await screen(page, 'transactions-found', found);

  await page.getByLabel('Transaction ID').fill('');
  await page.getByLabel('Status').selectOption({ label: 'Checkout open' });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Checkout open');
  await expect(found).not.toContainText(payerEmail);
  await screen(page, 'transactions-checkout-open', found);
});

const cents = (text: string) => Math.round(Number(text) * 100);

test("a café's first week: tips its customers choose, a receipt for the payer who left, the payout in Xero and the CSV", async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const viewport = testInfo.project.name === 'phone' ? PHONE : DESKTOP;
  const screen = screensFor(testInfo, viewport);
  const cafe = 'Kōwhai Café';
  const merchant = await createMerchantReadyForPayments({ businessName: cafe, websiteUrl: 'kowhaicafe.co.nz' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Flat white',
    isOpenAmount: false,
    amountCents: 450,
    tipPresets: [10, 15, 20],
  });
  const payerContext = await browser.newContext({
    baseURL,
    viewport,
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
    timezoneId: 'Pacific/Auckland',
  });

  // The first customer picks 15% by keyboard, in one radio group: No Tip, the three presets and Other.
  const first = await payerContext.newPage();
  await first.goto(`/p/${link.linkId}`);
  const tips = first.getByRole('group', { name: 'Add a tip' });
  await expect(tips.getByRole('radio')).toHaveCount(5);
  await expect(tips.getByRole('radio', { name: 'No Tip' })).toBeEnabled();
  await tips.getByRole('radio', { name: 'No Tip' }).focus();
  await first.keyboard.press('ArrowDown');
  await first.keyboard.press('ArrowDown');
  await expect(tips.getByRole('radio', { name: '15% · $0.68' })).toBeChecked();
  const summary = first.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Tip (15%)$0.68');
  await expect(summary).toContainText('Total$5.18');
  await screen(first, 'tip-presets', summary);
  await first.getByRole('button', { name: 'Pay Now' }).click();
  await expect(first.getByText('NZD $5.18')).toBeVisible();
  const stripeOrigin = new URL(first.url()).origin;
  const leaver = `leaver-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  await payOnCheckout(first, leaver, 'Hemi Walker');
  // The way on is the café's own website, nothing of Paylink's sales site.
  await expect(first.getByRole('link', { name: 'Visit kowhaicafe.co.nz' })).toHaveAttribute(
    'href',
    'https://kowhaicafe.co.nz',
  );
  await expect(first.getByRole('link', { name: 'Return to Homepage' })).toHaveCount(0);
  // The customer closes the tab without asking for a receipt: it comes anyway, answered to the café.
  await first.close();
  const receipt = await waitForEmail(e2eEnv.mailboxUrl, leaver, { subject: /receipt/i, timeoutMs: 30_000 });
  expect(receipt.replyTo).toEqual([merchant.email]);
  expect(receipt.body.text).toContain('$5.18');

  // The second types their own tip: too much is refused in the server's words, then $1.20 is taken.
  const second = await payerContext.newPage();
  await second.goto(`/p/${link.linkId}`);
  await second.getByRole('radio', { name: 'Other' }).check();
  const ownTip = second.getByLabel('Your tip (NZD)');
  await ownTip.fill('5.00');
  await second.getByRole('button', { name: 'Pay Now' }).click();
  await expect(ownTip).toHaveAccessibleDescription('Enter a tip from $0.01 to $4.50 (the amount itself).');
  await expect(ownTip).toBeFocused();
  await ownTip.fill('1.20');
  await expect(second.getByRole('region', { name: 'Payment summary' })).toContainText('Tip$1.20');
  await expect(second.getByRole('region', { name: 'Payment summary' })).toContainText('Total$5.70');
  await screen(second, 'tip-own-amount', ownTip);
  await second.getByRole('button', { name: 'Pay Now' }).click();
  await expect(second.getByText('NZD $5.70')).toBeVisible();
  await payOnCheckout(second, `regular-${crypto.randomUUID().slice(0, 8)}@example.co.nz`, 'Ana Fifita');
  const secondPaymentId = (await second.getByRole('region', { name: 'Payment details' }).innerText()).match(
    /pay_[A-Za-z0-9_-]{16}/,
  )![0];
  await payerContext.close();

  // A dollar of the second refunded; then the day's payout.
  await merchantApi(merchant.token, 'POST', `/api/me/payments/${secondPaymentId}/refunds`, { amountCents: 100 });
  // Stripe settles a refund after answering: the payout carries it only once it has.
  await expect
    .poll(async () => {
      const detail = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${secondPaymentId}`);
      return detail.refunds.map((refund) => refund.status);
    })
    .toEqual(['succeeded']);
  // This café's payout only: another test's run must not pay out this balance before the refund is in it.
  const { debug_info: connection } = await merchantApi<StripeConnection>(
    merchant.token,
    'GET',
    '/api/me/stripe/status',
  );
  const run = await fetch(`${stripeOrigin}/_emu/payouts/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: connection.accountId! }).toString(),
  });
  expect(run.status).toBe(200);
  const payouts = () => merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts');
  await expect.poll(async () => (await payouts()).payouts.length).toBe(1);
  const [payout] = (await payouts()).payouts;

  // The merchant opens Payouts at 9 am Auckland time on the day the payout arrives: the export by dates
  // (today by the café's clock, not UTC's, which is still yesterday) finds it.
  const arrivalDay = payout!.arrivalDate.slice(0, 10);
  const nineAm = instantOfWallClock(`${arrivalDay}T09:00`, 'Pacific/Auckland');
  if (!nineAm.ok) throw new Error(`no 9 am on ${arrivalDay} in Auckland`);
  const morning = nineAm.instant;
  await page.clock.setFixedTime(morning);
  await page.goto('/robots.txt');
  await page.evaluate(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    await sessionAt(merchant, morning),
  );
  await page.goto('/dashboard/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByLabel('Arriving to')).toHaveValue(arrivalDay);
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Xero CSV for these dates', exact: true }).click();
  const xero = parseCsv(await readFile((await (await exported).path())!, 'utf8'));
  // The payout's own last row takes its amount to the bank.
  expect(cents(xero.at(-1)![1]!)).toBe(-payout!.amountCents);
  await screen(page, 'payouts', page.getByRole('button', { name: /^Arrival date/ }));
  await page.getByRole('button', { name: /^Arrival date/ }).click();
  await screen(page, 'payout-lines', page.getByTestId('payout-lines-total'));

  // The transactions CSV: its Net column adds up to the payout, the refund's returned fee included.
  await page.goto('/dashboard/transactions');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = parseCsv((await readFile((await (await csv).path())!, 'utf8')).replace(/^\uFEFF/, ''));
  const net = rows[0]!.indexOf('Net');
  expect(rows.slice(1).reduce((sum, row) => sum + cents(row[net] || '0'), 0)).toBe(payout!.amountCents);
  await screen(page, 'transactions', page.getByRole('heading', { level: 1, name: 'Transactions' }));
});
