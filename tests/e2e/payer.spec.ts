/**
 * The anonymous payer, end to end against the local runtime and its Stripe sandbox: /p/{id} (fixed and
 * open amounts, tips, validation, not found, not accepting), Stripe's hosted Checkout (paid, declined,
 * Back), /payment-success (confirmed, the receipt email, the unverified variant) and /payment-canceled —
 * and that the payer's page downloads none of the merchant app. Every payer screen at 1280 and 390 px.
 */
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  LINK_NOT_ACCEPTING_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  LINK_NOT_FOUND_NEXT_STEP,
  LINK_NOT_FOUND_TITLE,
} from '@shared/payment-messages';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { type CheckoutResponse } from '@shared/contracts/checkout';
import { type PaymentLink } from '@shared/contracts/payment-links';
import { waitForEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { filesReachedFrom, recordAssets, viteManifest } from './support/built-assets';
import {
  createConfirmedMerchant,
  createMerchantReadyForPayments,
  e2eEnv,
  merchantAccessToken,
  merchantApi,
} from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const BUSINESS = 'Kōwhai Coffee Cart';

let merchantToken: string;
let fixedLink: PaymentLink;
let openLink: PaymentLink;

test.beforeAll(async () => {
  ({ token: merchantToken } = await createMerchantReadyForPayments({ businessName: BUSINESS }));
  fixedLink = await merchantApi<PaymentLink>(merchantToken, 'POST', '/api/me/links', {
    title: 'Flat white and a muffin',
    description: 'Collect from the cart on Quay Street.',
    isOpenAmount: false,
    amountCents: 2500,
    tipPercent: 10,
  });
  openLink = await merchantApi<PaymentLink>(merchantToken, 'POST', '/api/me/links', {
    title: 'Catering deposit',
    description: null,
    isOpenAmount: true,
    amountCents: null,
    tipPercent: 15,
  });
});

/** Attaches full-page screenshots at 1280 and 390 px (ending at 390, as a payer's phone) and runs axe on both. */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    await expectNoSeriousAxeFindings(page);
  }
}

/** The files of the built SPA (from Vite's manifest) that only the merchant app loads: router, react-query, Amplify, the dashboard. */
function merchantOnlyFiles(): Set<string> {
  const manifest = viteManifest();
  const entry = filesReachedFrom(manifest, ['index.html'], false);
  const payer = filesReachedFrom(
    manifest,
    Object.keys(manifest).filter((key) => key.startsWith('src/features/payer/')),
    true,
  );
  const merchant = filesReachedFrom(manifest, ['src/app/merchant-app.tsx'], true);
  return new Set([...merchant].filter((file) => !entry.has(file) && !payer.has(file)));
}

/**
 * Answers /p/{id} with the SPA's own index.html, as the Vite dev server does, instead of the server-rendered
 * page (payer-ssr.spec.ts): the page then loads the link itself, so its loading and failure states show.
 */
async function withoutServerRendering(page: Page, linkId: string) {
  await page.route(`**/p/${linkId}`, async (route) => {
    const response = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
    await route.fulfill({ response });
  });
}

const summary = (page: Page) => page.getByRole('region', { name: 'Payment summary' });
const payNow = (page: Page) => page.getByRole('button', { name: 'Pay Now' });

/** Fills the Stripe sandbox's hosted Checkout as a payer does and presses Pay. */
async function payOnCheckout(page: Page, payer: { email: string; name: string }, card = '4242 4242 4242 4242') {
  await page.getByLabel('Email').fill(payer.email);
  await page.getByLabel('Name on card').fill(payer.name);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

// @phone-only: it sets the phone's width itself (and photographs both widths), so the desktop project's
// run was the same journey without touch (docs/decisions.md #107).
test(
  'a payer pays a fixed link with the tip on a phone, sees it confirmed, and emails the receipt',
  { tag: '@phone-only' },
  async ({ page }, testInfo) => {
    // The whole journey — the page, Checkout, the success page and every receipt state — with screenshots
    // at two widths and axe on each: about 40–50 s on this machine, too close to the default 60 s budget.
    test.setTimeout(120_000);
    const payer = { email: `payer-${crypto.randomUUID().slice(0, 8)}@example.co.nz`, name: 'Aroha Ngata' };
    await page.setViewportSize(PHONE);
    const assets = recordAssets(page);

    // Loading (the SPA's own path, as under the dev server): the link's answer held back for a moment.
    await withoutServerRendering(page, fixedLink.linkId);
    let releaseLink = () => {};
    const linkHeld = new Promise<void>((resolve) => (releaseLink = resolve));
    await page.route(`**/api/links/${fixedLink.linkId}`, async (route) => {
      await linkHeld;
      await route.continue();
    });
    await page.goto(`/p/${fixedLink.linkId}`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading payment page' })).toBeVisible();
    await screens(page, testInfo, 'payment-page-loading');
    releaseLink();

    await expect(page.getByRole('heading', { level: 1, name: 'Flat white and a muffin' })).toBeVisible();
    await expect(page).toHaveTitle(`Flat white and a muffin · ${BUSINESS} · Paylink`);
    await expect(page.getByText(`Pay ${BUSINESS}`)).toBeVisible();
    await expect(page.getByText('Collect from the cart on Quay Street.')).toBeVisible();
    await expect(page.getByText('$25.00', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Secure payment by Stripe')).toBeVisible();
    const noTip = page.getByRole('radio', { name: 'No Tip' });
    // The tip says what it adds, in dollars.
    const tip = page.getByRole('radio', { name: '10% · $2.50' });
    await expect(noTip).toBeChecked();
    await expect(tip).not.toBeChecked();
    await expect(summary(page)).toContainText('Total$25.00');
    await screens(page, testInfo, 'payment-page-fixed');

    // The tip is a big tap target: the label, not only the radio, picks it.
    await page.getByText('10% · $2.50', { exact: true }).click();
    await expect(tip).toBeChecked();
    await expect(summary(page)).toContainText('Amount$25.00');
    await expect(summary(page)).toContainText('Tip (10%)$2.50');
    await expect(summary(page)).toContainText('Total$27.50');
    const tipBox = await page.locator('label').filter({ hasText: '10%' }).boundingBox();
    expect(tipBox!.height).toBeGreaterThanOrEqual(48);
    await screens(page, testInfo, 'payment-page-fixed-tip');

    // The payer's page loaded none of the merchant app (router, react-query, Amplify, dashboard)…
    const merchantOnly = merchantOnlyFiles();
    expect(merchantOnly.size).toBeGreaterThan(0);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((file) => merchantOnly.has(file))).toEqual([]);

    // Processing: the checkout call held back, the button says so and cannot be pressed twice.
    let releaseCheckout = () => {};
    const checkoutHeld = new Promise<void>((resolve) => (releaseCheckout = resolve));
    let paymentId = '';
    await page.route('**/api/checkout', async (route) => {
      await checkoutHeld;
      const response = await route.fetch();
      ({ paymentId } = (await response.json()) as CheckoutResponse);
      await route.fulfill({ response });
    });
    await payNow(page).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await screens(page, testInfo, 'payment-page-processing');
    releaseCheckout();

    // Stripe's hosted Checkout (the sandbox) charges base + tip, computed by the server.
    await expect(page.getByText('NZD $27.50')).toBeVisible();
    await payOnCheckout(page, payer);

    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
    await expect(page).toHaveTitle('Payment Confirmed · Paylink');
    const details = page.getByRole('region', { name: 'Payment details' });
    await expect(details).toContainText('Amount$25.00');
    await expect(details).toContainText('Tip$2.50');
    await expect(details).toContainText('Total$27.50');
    // Paylink's payment id, as the receipt and the merchant's Transactions show it (docs/decisions.md #29).
    await expect(details).toContainText(`Transaction ID${paymentId}`);
    await expect(details).not.toContainText(sessionId);
    await expect(details).toContainText('Customer nameAroha N.');
    // The payer is not a merchant: nothing leads to the merchant's dashboard.
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
    // Nothing of Paylink's sales site for the business's customer; this business has no website (#207).
    await expect(page.getByRole('link', { name: /^Return to Homepage|^Visit / })).toHaveCount(0);
    await screens(page, testInfo, 'payment-success');

    // The receipt dialog: it goes to the email given on Checkout, shown masked (docs/decisions.md #69).
    await page.getByRole('button', { name: 'Email Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Receipt' });
    await expect(dialog).toContainText('the address you paid with: p•••@example.co.nz');
    await expect(dialog).not.toContainText(payer.email);
    await screens(page, testInfo, 'receipt-dialog');
    // Cancel closes it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Email Receipt' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // A refused send says why (429 in the server's words, anything else in the product's) and keeps the dialog open.
    const refusals = [
      { status: 429, body: { code: 'too_many_receipts', message: 'This receipt has already been sent 3 times.' } },
      { status: 500, body: { code: 'internal_error', message: 'Something went wrong.' } },
    ];
    await page.route('**/api/checkout/*/receipt', (route) => {
      const refusal = refusals.shift()!;
      return route.fulfill({
        status: refusal.status,
        contentType: 'application/json',
        body: JSON.stringify(refusal.body),
      });
    });
    await dialog.getByRole('button', { name: 'Send Receipt' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This receipt has already been sent 3 times.');
    await dialog.getByRole('button', { name: 'Send Receipt' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to send receipt. Please try again.');
    await screens(page, testInfo, 'receipt-dialog-failed');
    await page.unroute('**/api/checkout/*/receipt');

    // Sending: the button says so while the request is out.
    let releaseReceipt = () => {};
    const receiptHeld = new Promise<void>((resolve) => (releaseReceipt = resolve));
    await page.route('**/api/checkout/*/receipt', async (route) => {
      await receiptHeld;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Send Receipt' }).click();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    releaseReceipt();
    await expect(dialog).toBeHidden();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Receipt Sent' });
    await expect(toast).toContainText('The receipt has been sent to p•••@example.co.nz');
    const receipt = await waitForEmail(e2eEnv.mailboxUrl, payer.email, { subject: /receipt/i, timeoutMs: 10_000 });
    expect(receipt.subject).toBe(`Your receipt from ${BUSINESS}`);
    expect(receipt.body.html).toContain('$27.50');

    // Once paid, the cancel address says so honestly instead of 'canceled'.
    await page.goto(`/payment-canceled?payment_id=${paymentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Already Completed' })).toBeVisible();
    await expect(page.getByText('Payment Canceled')).toHaveCount(0);
    await screens(page, testInfo, 'payment-canceled-already-paid');

    // The same check can fail: the sign-in page, once its form is used, does load the merchant app (the
    // landing page loads only its header island, docs/decisions.md #90).
    const before = assets.length;
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).focus();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    expect(assets.slice(before).filter((file) => merchantOnly.has(file)).length).toBeGreaterThan(0);
  },
);

test(
  'an open-amount link checks the amount, adds 15%, and a declined card is shown on Checkout',
  { tag: '@phone-only' },
  async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/p/${openLink.linkId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Catering deposit' })).toBeVisible();
    const amount = page.getByLabel('Enter Amount (NZD)');
    await expect(amount).toHaveAttribute('inputmode', 'decimal');
    await expect(amount).toHaveAttribute('step', '0.01');
    await expect(page.getByRole('radio', { name: 'No Tip' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '15%' })).toBeVisible();
    await expect(payNow(page)).toBeDisabled();
    await expect(summary(page)).toContainText('Total$0.00');
    await screens(page, testInfo, 'payment-page-open');

    await amount.fill('0');
    await payNow(page).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid amount');
    await expect(amount).toBeFocused();
    await amount.fill('0.20');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await payNow(page).click();
    await expect(page.getByRole('alert')).toHaveText(AMOUNT_TOO_SMALL_MESSAGE);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await screens(page, testInfo, 'payment-page-open-invalid');

    await amount.fill('40');
    await page.getByRole('radio', { name: '15% · $6.00' }).check();
    await expect(summary(page)).toContainText('Tip (15%)$6.00');
    await expect(summary(page)).toContainText('Total$46.00');
    await screens(page, testInfo, 'payment-page-open-tip');
    await payNow(page).click();

    await expect(page.getByText('NZD $46.00')).toBeVisible();
    const payer = { email: `payer-${crypto.randomUUID().slice(0, 8)}@example.co.nz`, name: 'Tama Rewi' };
    await payOnCheckout(page, payer, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).not.toHaveURL(/payment-success/);

    await payOnCheckout(page, payer);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
    // Named as everywhere (docs/decisions.md #100): the amount typed, the tip, and the total paid.
    await expect(page.getByRole('region', { name: 'Payment details' })).toContainText(
      'Amount$40.00Tip$6.00Total$46.00',
    );
  },
);

test(
  'a second payer goes Back from Checkout, sees Payment Canceled, and Try Again reopens the link',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/p/${fixedLink.linkId}`);
    await payNow(page).click();
    await expect(page.getByText('NZD $25.00')).toBeVisible();

    const cancelCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cancel')) cancelCalls.push(request.method());
    });
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/payment-canceled\?payment_id=pay_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible();
    await expect(page.getByText('Your payment was canceled. No charges were made.')).toBeVisible();
    await expect(page).toHaveTitle('Payment Canceled · Paylink');
    // Cancelled once, however often React renders the page (and StrictMode mounts it twice in development).
    expect(cancelCalls).toEqual(['POST']);
    await screens(page, testInfo, 'payment-canceled');

    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${fixedLink.linkId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Flat white and a muffin' })).toBeVisible();

    // Without an answer from the server, Try Again goes back to where the payer came from.
    await page.route('**/api/payments/*/cancel', (route) => route.abort());
    await page.goto('/payment-canceled?payment_id=pay_AAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${fixedLink.linkId}$`));
  },
);

test(
  'unknown and deactivated links show the not-found card; a merchant who cannot take payments, the paused card',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/p/AAAAAAAAAAAA');
    await expect(page.getByRole('heading', { level: 1, name: LINK_NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByText(LINK_NOT_FOUND_MESSAGE)).toBeVisible();
    await expect(page.getByText(LINK_NOT_FOUND_NEXT_STEP)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveCount(0);
    await expect(page).toHaveTitle(`${LINK_NOT_FOUND_TITLE} · Paylink`);
    await expect(payNow(page)).toHaveCount(0);
    await screens(page, testInfo, 'payment-page-not-found');

    const retired = await merchantApi<PaymentLink>(merchantToken, 'POST', '/api/me/links', {
      title: 'Last season',
      isOpenAmount: false,
      amountCents: 1000,
      tipPercent: null,
    });
    await merchantApi(merchantToken, 'PATCH', `/api/me/links/${retired.linkId}`, { isActive: false });
    await page.goto(`/p/${retired.linkId}`);
    await expect(page.getByRole('heading', { level: 1, name: LINK_NOT_FOUND_TITLE })).toBeVisible();

    // A merchant who has not connected Stripe yet: the page says it is not accepting payments, with no Pay Now.
    const unconnected = await createConfirmedMerchant({ businessName: 'Not Yet Ltd' });
    const token = await merchantAccessToken(unconnected);
    const waiting = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
      title: 'Sourdough loaf',
      isOpenAmount: false,
      amountCents: 900,
      tipPercent: null,
    });
    await page.goto(`/p/${waiting.linkId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sourdough loaf' })).toBeVisible();
    await expect(page.getByText(LINK_NOT_ACCEPTING_MESSAGE)).toBeVisible();
    await expect(payNow(page)).toHaveCount(0);
    await screens(page, testInfo, 'payment-page-not-accepting');
  },
);

test(
  'the payment page says what went wrong with the API, in the product’s words, and can try again',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await withoutServerRendering(page, fixedLink.linkId);
    let failLink = true;
    await page.route(`**/api/links/${fixedLink.linkId}`, (route) =>
      failLink ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
    );
    await page.goto(`/p/${fixedLink.linkId}`);
    const failed = page.getByRole('alert').filter({ hasText: 'This payment page could not be loaded' });
    await expect(failed).toContainText('Check your connection and try again.');
    await screens(page, testInfo, 'payment-page-load-failed');
    failLink = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flat white and a muffin' })).toBeVisible();

    const answers = [
      { status: 400, body: { code: 'invalid_amount', message: 'The amount can be at most NZ$100,000.00.' } },
      {
        status: 429,
        body: { code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' },
      },
      { status: 502, body: 'Bad Gateway' },
    ];
    await page.route('**/api/checkout', (route) => {
      const answer = answers.shift()!;
      return route.fulfill({
        status: answer.status,
        contentType: typeof answer.body === 'string' ? 'text/plain' : 'application/json',
        body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
      });
    });
    const problem = page.getByRole('alert');
    await payNow(page).click();
    await expect(problem).toHaveText('Payment error: The amount can be at most NZ$100,000.00.');
    await screens(page, testInfo, 'payment-page-payment-error');
    await payNow(page).click();
    await expect(problem).toHaveText('Too many requests. Please wait a minute and try again.');
    await payNow(page).click();
    await expect(problem).toHaveText('Error creating payment session');
    await expect(payNow(page)).toBeEnabled();
  },
);

test(
  'when the payment cannot be verified, the success page shows the yellow Payment Processed variant',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/payment-success?session_id=cs_test_unknown_session');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Processed' })).toBeVisible();
    await expect(
      page.getByText('Automatic verification failed, but the payment may have been processed.'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment details' })).toContainText('Amount$0.00');
    await expect(page.getByText('Payment Confirmed!')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Return to Homepage|^Visit / })).toHaveCount(0);
    await screens(page, testInfo, 'payment-processed');
  },
);
