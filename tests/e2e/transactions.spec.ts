/**
 * The Transactions screen (docs/decisions.md #1, #2, #12, #15, #20, #21), as a merchant uses it against
 * the local runtime and its Stripe sandbox: payers pay (one cancels, one is declined) through the API and
 * the sandbox's hosted Checkout form; then, in Chromium, the merchant filters by email and status (kept in
 * the URL across a reload and Back), picks a date from the calendar, opens a payment, copies its id,
 * opens the receipt, and exports exactly the filtered payments as CSV. Also the loading, empty and
 * failure states, 'Load more', and a cancelled export. Screens at 1280, 1024 and 390 px, axe on each, and
 * nothing clipped or scrolling sideways at any of them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { PaymentDetail, PaymentList, PaymentSummary } from '@shared/contracts/payments';
import { TRANSACTIONS_CSV_HEADER, centsToCsvAmount } from '@shared/transactions-csv';
import { parseCsv } from '../support/csv';
import { clientAddress, fetchFrom } from '../support/from-address';
import { emailsTo } from '../support/mailbox';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

// The merchant's time zone (Pacific/Auckland, docs/decisions.md #12) is also the browser's, so 'today' in the
// calendar is the merchant's today whatever the time of day the tests run.
test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const DESKTOP = { width: 1280, height: 900 };
const LAPTOP = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const TIME_ZONE = 'Pacific/Auckland';
const run = crypto.randomUUID().slice(0, 8);
const aroha = { email: `aroha-${run}@example.co.nz`, name: 'Aroha Ngata' };
// A long address with no hyphen to break at, as real ones are: the table's width must not depend on it.
const tama = { email: `tama.rewi.catering.${run}@example.co.nz`, name: 'Tama Rewi' };
const wiremu = { email: `wiremu-${run}@example.co.nz`, name: 'Wiremu Tane' };

let merchant: Awaited<ReturnType<typeof createMerchantReadyForPayments>>;
/** The payments as the API lists them, newest first. */
let payments: PaymentSummary[];

let payers = 0;
/**
 * Opens a Checkout for a link, as the payer's Pay Now does, each payer from an address of its own (one
 * address holds only its share of a link: docs/decisions.md #168).
 */
async function startCheckout(linkId: string, choice: { amount?: number; tip: 'none' | 'percent' }) {
  const response = await fetchFrom(clientAddress(payers++), `${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, ...choice }),
  });
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as CheckoutResponse;
}

/** Pays on the sandbox's hosted Checkout form; a good card lands on the success page, which verifies the payment. */
async function payOnCheckout(url: string, payer: { email: string; name: string }, card = '4242 4242 4242 4242') {
  const fields = { email: payer.email, name: payer.name, card_number: card, expiry: '12 / 34', cvc: '123' };
  const answer = await submitHostedForm(url, fields);
  if (card !== '4242 4242 4242 4242') {
    expect(answer.status).toBe(402);
    return;
  }
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  // The success page's own verification settles the payment at once (the webhook may land later).
  const verified = await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  expect(((await verified.json()) as { status: string }).status).toBe('succeeded');
}

function dateTimeIn(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-NZ', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Today in the merchant's time zone, as the date field shows it and as the URL and file name carry it. */
function merchantToday(): { iso: string; text: string } {
  const text = dateTimeIn(new Date().toISOString()).slice(0, 10);
  const [day, month, year] = text.split('/');
  return { iso: `${year}-${month}-${day}`, text };
}

test.beforeAll(async () => {
  merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Coffee Cart' });
  const flatWhite = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Flat white and a muffin',
    description: 'Collect from the cart on Quay Street.',
    isOpenAmount: false,
    amountCents: 2500,
    tipPercent: 10,
  });
  const catering = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Catering deposit',
    description: null,
    isOpenAmount: true,
    amountCents: null,
    tipPercent: 15,
  });

  // Aroha pays the flat white with the 10% tip; Tama pays a $40 deposit; Wiremu's card is declined (still
  // Checkout still open); a fourth payer goes Back from Checkout (canceled → Abandoned, anonymous).
  const first = await startCheckout(flatWhite.linkId, { tip: 'percent' });
  await payOnCheckout(first.url, aroha);
  const second = await startCheckout(catering.linkId, { amount: 4000, tip: 'none' });
  await payOnCheckout(second.url, tama);
  const third = await startCheckout(flatWhite.linkId, { tip: 'none' });
  await payOnCheckout(third.url, wiremu, '4000 0000 0000 0002');
  const fourth = await startCheckout(catering.linkId, { amount: 1500, tip: 'none' });
  const cancel = await fetch(`${e2eEnv.baseUrl}/api/payments/${fourth.paymentId}/cancel`, { method: 'POST' });
  expect(cancel.status).toBe(200);

  // The unfiltered list is payments only; a checkout opened or left has its own filter (docs/decisions.md #30).
  const list = async (query: string) =>
    (await merchantApi<PaymentList>(merchant.token, 'GET', `/api/me/payments${query}`)).payments;
  payments = [...(await list('?status=abandoned')), ...(await list('?status=open')), ...(await list(''))];
  expect(payments.map((payment) => payment.status)).toEqual(['canceled', 'open', 'succeeded', 'succeeded']);
});

/**
 * Nothing cut off and nothing sideways (an audit found 'Actions' clipped at 1280 px): the page is no wider than
 * the window, and every column header, row and opened detail lies inside the card that holds the list.
 */
async function expectNothingClipped(page: Page) {
  const found = await page.evaluate(() => {
    const list = document.querySelector('table, ul[aria-label="Transaction History"]')!;
    const card = list.parentElement!.getBoundingClientRect();
    const outside = [...list.querySelectorAll('th, tr, li, [role="region"]')]
      .filter((part) => {
        const box = part.getBoundingClientRect();
        return box.left < card.left - 1 || box.right > card.right + 1;
      })
      .map((part) => part.textContent!.slice(0, 40));
    return { pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth, outside };
  });
  expect(found).toEqual({ pageScrollsSideways: false, outside: [] });
}

/**
 * Full-page screenshots at 1280, 1024 and 390 px (back at 1280 afterwards), with axe and the clipping check on
 * each: the table from 1280 px, one card per payment below it.
 */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, viewport, shape] of [
    ['1280', DESKTOP, 'table'],
    ['1024', LAPTOP, 'list'],
    ['390', PHONE, 'list'],
  ] as const) {
    await page.setViewportSize(viewport);
    // The table (wide) or the cards (narrower) are drawn before the picture is taken.
    await expect(page.getByRole(shape, { name: 'Transaction History' })).toBeVisible();
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    await expectNothingClipped(page);
    await expectNoSeriousAxeFindings(page);
  }
  await page.setViewportSize(DESKTOP);
}

/** The table's payment rows (not its header, not an opened detail). */
function paymentRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Details/ }) });
}

function rowOf(page: Page, text: string): Locator {
  return paymentRows(page).filter({ hasText: text });
}

async function expectRowsFor(page: Page, emailsOrNames: string[]) {
  await expect(paymentRows(page)).toHaveCount(emailsOrNames.length);
  for (const [index, text] of emailsOrNames.entries()) await expect(paymentRows(page).nth(index)).toContainText(text);
}

test('the merchant filters by email and status (kept across reload and Back), opens a payment, copies its id, opens the receipt and exports the filtered CSV', async ({
  page,
  context,
}, testInfo) => {
  // A long journey with screenshots and axe at each step: too close to the default 60 s budget on CI.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Transactions', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // Every payment, newest first, with the product's columns. The canceled and the declined payer never
  // finished Checkout, so they show only under 'Abandoned' and 'Checkout open', with no name or email.
  const table = page.getByRole('table', { name: 'Transaction History' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Payment Link',
    'Amount',
    'Tip',
    'Status',
    'Customer',
    'Date',
    'Actions',
  ]);
  await expectRowsFor(page, [tama.email, aroha.email]);
  const [canceled, declined, deposit, flatWhite] = payments as [
    PaymentSummary,
    PaymentSummary,
    PaymentSummary,
    PaymentSummary,
  ];
  const filters = page.getByRole('button', { name: /^(Hide|Show) Filters/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const status = page.getByLabel('Status');
  await status.selectOption({ label: 'Abandoned' });
  await expectRowsFor(page, ['Abandoned']);
  await expect(paymentRows(page).nth(0).getByRole('cell')).toHaveText([
    'Catering deposit',
    '$15.00',
    '—',
    'Abandoned',
    'Anonymous',
    dateTimeIn(canceled.createdAt),
    /^Details/,
  ]);
  await status.selectOption({ label: 'Checkout open' });
  await expectRowsFor(page, ['Checkout open']);
  await expect(rowOf(page, 'Checkout open').getByRole('cell')).toHaveText([
    'Flat white and a muffin',
    '$25.00',
    '—',
    'Checkout open',
    'Anonymous',
    dateTimeIn(declined.createdAt),
    /^Details/,
  ]);
  await status.selectOption({ label: 'All' });
  await expectRowsFor(page, [tama.email, aroha.email]);
  await expect(rowOf(page, aroha.email).getByRole('cell')).toHaveText([
    'Flat white and a muffin',
    '$25.00',
    '$2.50',
    'Approved',
    `${aroha.name}${aroha.email}`,
    dateTimeIn(flatWhite.createdAt),
    /^Details/,
  ]);
  await expect(page.getByText('Showing 2 payments')).toBeVisible();
  await screens(page, testInfo, 'transactions');

  // Status Approved: the two paid payments, and the URL says so.
  await status.selectOption({ label: 'Approved' });
  await expect(page).toHaveURL(/\/dashboard\/transactions\?status=approved$/);
  await expectRowsFor(page, [tama.email, aroha.email]);

  // And Tama's email: one row. Typing applies once the merchant pauses.
  const email = page.getByLabel('Customer Email');
  await email.fill(tama.email.toUpperCase());
  await expect(page).toHaveURL(
    new RegExp(`\\?status=approved&customerEmail=${encodeURIComponent(tama.email.toUpperCase())}$`),
  );
  await expectRowsFor(page, [tama.email]);
  await screens(page, testInfo, 'transactions-filtered');

  // Reload: the same filters in the fields, the same row.
  await page.reload();
  await expect(status).toHaveValue('approved');
  await expect(email).toHaveValue(tama.email.toUpperCase());
  await expectRowsFor(page, [tama.email]);

  // Back undoes the email filter; Forward brings it back.
  await page.goBack();
  await expect(page).toHaveURL(/\?status=approved$/);
  await expect(email).toHaveValue('');
  await expect(status).toHaveValue('approved');
  await expectRowsFor(page, [tama.email, aroha.email]);
  await page.goForward();
  await expect(email).toHaveValue(tama.email.toUpperCase());
  await expectRowsFor(page, [tama.email]);

  // A date that is not one says why under its field, and the list and the URL stay as they were.
  await email.fill('');
  await expect(page).toHaveURL(/\?status=approved$/);
  const dateFrom = page.getByLabel('Date From', { exact: true });
  await dateFrom.fill('31/02/2026');
  await dateFrom.blur();
  await expect(page.getByText('Enter a date as dd/MM/yyyy.')).toBeVisible();
  await expect(dateFrom).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\?status=approved$/);
  await expectRowsFor(page, [tama.email, aroha.email]);

  // The calendar picks today: the field reads dd/MM/yyyy, the URL yyyy-MM-dd, and today's payments stay.
  const today = merchantToday();
  await page.getByRole('button', { name: 'Choose Date From from a calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose Date From' });
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expect(
    calendar.getByRole('button', { name: /^\w+day \d+ \w+ \d{4}$/ }).and(page.locator(':focus')),
  ).toHaveAttribute('aria-current', 'date');
  await page.screenshot({ path: testInfo.outputPath('transactions-calendar-1280.png'), animations: 'disabled' });
  await expectNoSeriousAxeFindings(page);
  // The merchant's "today" has focus; arrow keys move through days, Enter picks one.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dateFrom).toHaveValue(today.text);
  await expect(page.getByText('Enter a date as dd/MM/yyyy.')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`\\?dateFrom=${today.iso}&status=approved$`));
  await expectRowsFor(page, [tama.email, aroha.email]);

  // Folded, the toggle carries a dot while a filter is on.
  await filters.click();
  await expect(filters).toHaveAccessibleName('Show Filters (filters active)');
  await expect(page.getByTestId('active-filter-dot')).toBeVisible();
  await expect(status).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAccessibleName('Hide Filters');

  // A row opens its detail with a click; the detail reads the payment from GET /api/me/payments/{id}.
  const detailOf = (payment: PaymentSummary) =>
    page.getByRole('region', { name: /^Details of the payment for/ }).filter({ hasText: payment.paymentId });
  await rowOf(page, aroha.email).getByRole('cell', { name: 'Flat white and a muffin', exact: true }).click();
  const detailsButton = rowOf(page, aroha.email).getByRole('button', { name: /^Details/ });
  await expect(detailsButton).toHaveAttribute('aria-expanded', 'true');
  const detail = detailOf(flatWhite);
  await expect(detail.getByRole('heading', { name: 'Transaction Details' })).toBeVisible();
  // The whole reference, as the payer's receipt shows it (docs/decisions.md #29).
  await expect(detail).toContainText(`Transaction ID${flatWhite.paymentId}`);
  await expect(detail).toContainText(`Stripe ID${flatWhite.paymentIntentId!}`);
  await expect(detail).toContainText(`Date${dateTimeIn(flatWhite.createdAt)}`);
  await expect(detail).toContainText('Amount$25.00');
  await expect(detail).toContainText('Tip$2.50');
  await expect(detail).toContainText('Total$27.50');
  await expect(detail).toContainText('MethodVisa ending in 4242');
  await expect(detail).toContainText(/Stripe fee\$\d+\.\d\d/);
  await expect(detail).toContainText(`Name${aroha.name}`);
  await expect(detail).toContainText(`Email${aroha.email}`);
  await expect(detail).toContainText('Collect from the cart on Quay Street.');
  await screens(page, testInfo, 'transactions-detail');

  // Copy the id: the clipboard holds the whole id, and a toast says what was copied.
  await detail.getByRole('button', { name: 'Copy Transaction ID' }).click();
  const copiedToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Copied!' });
  await expect(copiedToast).toContainText('Transaction ID copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(flatWhite.paymentId);
  await detail.getByRole('button', { name: 'Copy Email' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Email copied to clipboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(aroha.email);

  // View Receipt opens the sandbox's receipt for this charge in a new tab that cannot reach back.
  const known = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${flatWhite.paymentId}`);
  const receipt = detail.getByRole('link', { name: /^View Receipt/ });
  // Two receipt buttons, each said for what it is.
  await expect(detail).toContainText(
    "is your receipt to your customer, with its GST, as they got it. View Receipt is Stripe's record of the card charge.",
  );
  await expect(receipt).toHaveAttribute('target', '_blank');
  await expect(receipt).toHaveAttribute('rel', /noopener/);
  await expect(detail.getByRole('link', { name: /^View in Stripe/ })).toHaveAttribute(
    'href',
    known.stripeDashboardUrl!,
  );
  const popupOpened = page.waitForEvent('popup');
  await receipt.click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(known.receiptUrl!);
  expect(known.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/receipts\/ch_/);
  await popup.close();

  // Resend receipt: to the payer's own checkout address only (docs/decisions.md #89), and it lands there, once.
  // While it is on its way (its request held here) the window narrows past the table's width: the list draws the
  // payment as a card, and the detail's button again. The new button still says it is sending and cannot be
  // clicked, so nobody sends the receipt twice.
  const receiptsBefore = (await emailsTo(e2eEnv.mailboxUrl, aroha.email)).length;
  let resendRequests = 0;
  let releaseResend!: () => void;
  const resendHeld = new Promise<void>((resolve) => (releaseResend = resolve));
  await page.route('**/api/me/payments/*/receipt', async (route) => {
    resendRequests += 1;
    await resendHeld;
    await route.continue();
  });
  await detail.getByRole('button', { name: 'Resend receipt' }).dblclick();
  await expect(detail.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await page.setViewportSize(LAPTOP);
  await expect(page.getByRole('list', { name: 'Transaction History' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  releaseResend();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Receipt sent' })).toContainText(
    'the address the payer gave at checkout',
  );
  await expect(detail.getByRole('button', { name: 'Resend receipt' })).toBeEnabled();
  await expect.poll(async () => (await emailsTo(e2eEnv.mailboxUrl, aroha.email)).length).toBe(receiptsBefore + 1);
  expect(resendRequests).toBe(1);
  await page.unroute('**/api/me/payments/*/receipt');
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('table', { name: 'Transaction History' })).toBeVisible();

  // The keyboard closes it again: Enter on the row's Details button.
  await detailsButton.focus();
  await page.keyboard.press('Enter');
  await expect(detailsButton).toHaveAttribute('aria-expanded', 'false');
  await expect(detail).toHaveCount(0);

  // Export CSV: exactly the filtered payments (Approved, from today), every column, in a file named for today.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`paylink-transactions-${today.iso}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(header).toEqual([...TRANSACTIONS_CSV_HEADER]);
  expect(rows.map((row) => row[1])).toEqual([deposit.paymentId, flatWhite.paymentId]);
  expect(rows.map((row) => [row[4], row[7], row[10]])).toEqual([
    ['Approved', '40.00', tama.email],
    ['Approved', '27.50', aroha.email],
  ]);
  // The fees as recorded at settlement, and what the merchant keeps (docs/decisions.md #89).
  const cell = (row: string[], column: string) => row[header!.indexOf(column)];
  const flatWhiteRow = rows.find((row) => row[1] === flatWhite.paymentId)!;
  expect(known.stripeFeeCents).toBeGreaterThan(0);
  expect(['Stripe Fee', 'Paylink Fee', 'Net'].map((column) => cell(flatWhiteRow, column))).toEqual([
    centsToCsvAmount(known.stripeFeeCents!),
    centsToCsvAmount(known.productFeeCents),
    centsToCsvAmount(known.totalCents - known.stripeFeeCents! - known.productFeeCents),
  ]);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Export ready' })).toContainText(
    `2 payments saved as paylink-transactions-${today.iso}.csv`,
  );

  // Status Abandoned and Clear All.
  await status.selectOption({ label: 'Abandoned' });
  await expectRowsFor(page, ['Abandoned']);
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  await expect(dateFrom).toHaveValue('');
  await expectRowsFor(page, [tama.email, aroha.email]);
});

test('the list says when it is loading, empty or failed, pages with Load more, and an export can be cancelled', async ({
  page,
}, testInfo) => {
  const shop = await createMerchantReadyForPayments({ businessName: 'Te Aro Bakery' });
  const loaf = await merchantApi<PaymentLink>(shop.token, 'POST', '/api/me/links', {
    title: 'Sourdough loaf',
    isOpenAmount: false,
    amountCents: 900,
    tipPercent: null,
  });
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, shop);

  // Loading: the list's answer held back; then empty, in the product's words.
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  const isList = (url: URL) => url.pathname === '/api/me/payments';
  await page.route(isList, async (route) => {
    await listHeld;
    await route.fallback();
  });
  await page.goto('/dashboard/transactions');
  await expect(page.getByRole('status').filter({ hasText: 'Loading transactions...' })).toBeVisible();
  releaseList();
  await expect(page.getByText('No transactions found')).toBeVisible();
  await expect(page.getByText('Create a payment link to start receiving payments!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.screenshot({
    path: testInfo.outputPath('transactions-empty-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await expectNoSeriousAxeFindings(page);
  await page.unroute(isList);

  // 27 payers open Checkout: kept out of the unfiltered list (docs/decisions.md #30), they show under
  // 'Checkout open', 25 at first, and Load more shows the rest.
  for (let index = 0; index < 27; index += 1) await startCheckout(loaf.linkId, { tip: 'none' });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('No transactions found')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Checkout open' });
  await expect(paymentRows(page)).toHaveCount(25);
  await expect(page.getByText('Showing 25 payments')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(paymentRows(page)).toHaveCount(27);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // An export in progress shows how far it has got and can be cancelled: no file, a toast.
  let releaseExport = () => {};
  const exportHeld = new Promise<void>((resolve) => (releaseExport = resolve));
  const isExportPage = (url: URL) => isList(url) && url.searchParams.get('limit') === '100';
  await page.route(isExportPage, async (route) => {
    await exportHeld;
    await route.fallback();
  });
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('progressbar', { name: 'Exporting transactions' });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Exporting… 0 payments');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('transactions-exporting-1280.png'), animations: 'disabled' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  releaseExport();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Export cancelled' })).toBeVisible();
  await expect(progress).toHaveCount(0);
  expect(downloads).toBe(0);
  await page.unroute(isExportPage);

  // A sparse filter may spend a request's read budget with no match yet (an empty page with a cursor):
  // the list says older payments remain and searches them on a click, instead of claiming there are none.
  await page.route(
    (url) => isList(url) && !url.searchParams.has('cursor'),
    async (route) => {
      const response = await route.fetch();
      const { nextCursor } = (await response.json()) as { nextCursor: string | null };
      await route.fulfill({ response, json: { payments: [], nextCursor } });
    },
  );
  await page.reload();
  await expect(page.getByText('No matches among the newest payments')).toBeVisible();
  await expect(page.getByText('No transactions found')).toHaveCount(0);
  await page.getByRole('button', { name: 'Search older payments' }).click();
  await expect(paymentRows(page)).toHaveCount(2);
  await page.unrouteAll();

  // A failed load: the product's toast, and the list says so with a way to try again.
  await page.route(isList, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'unavailable', message: 'Service unavailable.' }),
    }),
  );
  await page.reload();
  const failedToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to load transactions' });
  await expect(failedToast).toContainText('Error');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load transactions' })).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath('transactions-failed-1280.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await page.unroute(isList);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(paymentRows(page)).toHaveCount(25);
});
