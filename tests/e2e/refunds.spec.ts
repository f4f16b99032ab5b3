/**
 * Refunds from the detail panel (docs/decisions.md #18, #19, #296), against the local runtime and its Stripe
 * sandbox: a payer pays $20.00; the merchant, with the dashboard open in one tab and Transactions in
 * another, refunds $5.00 (a double click refunds once), sees 'Partially refunded' and, in the untouched
 * dashboard tab, the net revenue and refunds follow live with no 'Payment received'; then, told that another
 * device refunded $10.00 first, refunds the $5.00 left and sees 'Refunded'. The payer gets a refund notice for
 * each. A card holder's dispute, opened with the sandbox's test control while Transactions is open, shows live
 * with its deadline and the way to respond. And a refund the server refuses, because this tab has not yet heard
 * of another device's, says so under the amount.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { PaymentDetail, PaymentList } from '@shared/contracts/payments';
import { waitForEmail } from '../support/mailbox';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';
import { recordToasts, toastsSeen } from './support/toasts-seen';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);
const payer = { email: `hemi-${run}@example.co.nz`, name: 'Hemi Walker' };
const disputer = { email: `ana-${run}@example.co.nz`, name: 'Ana Fox' };
const unheard = { email: `tama-${run}@example.co.nz`, name: 'Tama Reid' };

let merchant: Awaited<ReturnType<typeof createMerchantReadyForPayments>>;
let paymentId: string;
let disputedPaymentId: string;
/** Refunded from another device while this tab has not heard of it. */
let unheardPaymentId: string;
/** The Stripe sandbox's origin (its hosted Checkout's), where its test controls live. */
let sandboxUrl: string;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** A stat in the Business Overview, by its label (a <dt>; its value is the first <dd> after it). */
const stat = (page: Page, label: string) =>
  region(page, 'Business Overview')
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** Opens the Details of the payment made with `email` in the Transactions table; its row and its detail panel. */
async function openDetailsOf(page: Page, email: string) {
  const row = page.getByRole('table', { name: 'Transaction History' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Details/ }).click();
  const detail = page.getByRole('region', { name: /^Details of the payment for Second-hand novel/ });
  return { row, detail };
}

/** Pays the link through the API and the sandbox's hosted Checkout; answers the payment's id. */
async function pay(linkId: string, who: { email: string; name: string }): Promise<string> {
  const checkout = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });
  expect([200, 201]).toContain(checkout.status);
  const { url, paymentId: id } = (await checkout.json()) as CheckoutResponse;
  sandboxUrl = new URL(url).origin;
  const answer = await submitHostedForm(url, {
    email: who.email,
    name: who.name,
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(answer.status).toBe(303);
  // The success page's own verification settles the payment at once (the webhook may land later).
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  const verified = await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  expect(((await verified.json()) as { status: string }).status).toBe('succeeded');
  return id;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.beforeAll(async () => {
  merchant = await createMerchantReadyForPayments({ businessName: 'Tūī Books' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Second-hand novel',
    description: null,
    isOpenAmount: false,
    amountCents: 2000,
    tipPercent: null,
  });
  unheardPaymentId = await pay(link.linkId, unheard);
  disputedPaymentId = await pay(link.linkId, disputer);
  paymentId = await pay(link.linkId, payer);
  const { payments } = await merchantApi<PaymentList>(merchant.token, 'GET', '/api/me/payments');
  expect(payments.map((payment) => payment.paymentId)).toEqual([paymentId, disputedPaymentId, unheardPaymentId]);
});

test('the merchant refunds part then the rest from the detail panel; badges, net revenue and the payer follow', async ({
  page,
  context,
}, testInfo) => {
  // A long journey with screenshots and axe at each step: too close to the default 60 s budget on CI.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithStoredSession(page, merchant);
  const dashboard = page;
  await expect(stat(dashboard, 'Revenue')).toHaveText('$60.00');
  await expect(stat(dashboard, 'Refunds')).toHaveText('$0.00');
  await expect(dashboard.getByRole('status').filter({ hasText: /^Live\b/ })).toBeVisible();
  // A marker a reload would wipe (the dashboard must change by itself), and a record of its toasts.
  await dashboard.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
  await recordToasts(dashboard);

  // Transactions in a second tab of the same session.
  const transactions = await context.newPage();
  await transactions.setViewportSize({ width: 1280, height: 900 });
  await transactions.goto('/dashboard/transactions');
  await expect(transactions.getByRole('status').filter({ hasText: /^Live\b/ })).toBeVisible();
  const { row, detail } = await openDetailsOf(transactions, payer.email);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Approved');

  // Refund opens with what remains refundable; too much is refused under the field, before any request.
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  let dialog = transactions.getByRole('dialog', { name: 'Refund payment' });
  const amount = dialog.getByLabel('Amount (NZD)');
  await expect(amount).toHaveValue('20.00');
  await amount.fill('20.01');
  // The confirm button states only an amount that can be refunded.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('You can refund at most $20.00.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  // $5.00, a duplicate: the confirm button states the amount, and a double click refunds once.
  await amount.fill('5');
  await dialog.getByLabel('Reason').selectOption({ label: 'Duplicate' });
  // A window narrowed past 1280 px (a tablet turned) draws the payments as cards, every row anew: the dialog stays
  // open with what was typed, and so it does back as a table (docs/decisions.md #296). The modal dialog hides the
  // page from the accessibility tree, so the list and the table are found by their markup.
  await transactions.setViewportSize({ width: 1024, height: 900 });
  await expect(transactions.locator('ul[aria-label="Transaction History"]')).toBeVisible();
  await expect(amount).toHaveValue('5');
  await expect(dialog.getByLabel('Reason')).toHaveValue('duplicate');
  await transactions.setViewportSize({ width: 1280, height: 900 });
  await expect(transactions.locator('table:has(caption:text-is("Transaction History"))')).toBeVisible();
  await expect(amount).toHaveValue('5');
  await expectNoSeriousAxeFindings(transactions);
  await screenshot(transactions, testInfo, 'refund-dialog');
  await dialog.getByRole('button', { name: 'Refund $5.00' }).dblclick();
  await expect(toast(transactions, 'Refunded $5.00')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Partially refunded');
  const refunds = detail.getByRole('list', { name: 'Refunds of this payment' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText('$5.00');
  await expect(refunds.first()).toContainText(/Refunded|Pending/);
  await expect(detail.getByRole('definition').filter({ hasText: '$5.00' }).first()).toBeVisible();
  const afterFirst = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${paymentId}`);
  expect(afterFirst.refunds.map((refund) => [refund.amountCents, refund.reason])).toEqual([[500, 'duplicate']]);
  expect(afterFirst.refundableCents).toBe(1500);
  // What the merchant keeps, as the CSV's Net and the payout have it (docs/decisions.md #89, #123): $20.00 less
  // Stripe's $1.04 and Paylink's $0.10, less the $5.00 refunded, plus the $0.03 of Paylink's fee Stripe gave back.
  expect([afterFirst.stripeFeeCents, afterFirst.productFeeCents]).toEqual([104, 10]);
  const figure = (label: string) => detail.locator(`dt:text-is("${label}") + dd`);
  await expect(figure('Paylink fee returned')).toHaveText('$0.03');
  await expect(figure('Net')).toHaveText('$13.89');
  await screenshot(transactions, testInfo, 'partially-refunded');

  // The dashboard tab, untouched: net revenue and refunds follow the push, and no 'Payment received'.
  await expect(stat(dashboard, 'Revenue')).toHaveText('$55.00');
  await expect(stat(dashboard, 'Refunds')).toHaveText('$5.00');
  await expect(
    region(dashboard, 'Recent Payments').getByRole('listitem').filter({ hasText: payer.name }),
  ).toContainText('Partially refunded');

  // The rest: the dialog opens on the $15.00 that remains. Another device refunds $10.00 of it first: the open
  // dialog follows the push (what is left, and a confirm button that no longer states $15.00) and says so under
  // the amount; the $5.00 left is then refunded.
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  dialog = transactions.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByLabel('Amount (NZD)')).toHaveValue('15.00');
  await merchantApi(merchant.token, 'POST', `/api/me/payments/${paymentId}/refunds`, {
    amountCents: 1000,
    reason: 'requested_by_customer',
  });
  await expect(dialog.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('You can refund at most $5.00.')).toBeVisible();
  await expect(dialog.getByLabel('Amount (NZD)')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Amount (NZD)').fill('5');
  await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Refunded');
  await expect(refunds).toHaveCount(3);
  const afterAll = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${paymentId}`);
  expect(afterAll.refunds.map((refund) => refund.amountCents)).toEqual([500, 1000, 500]);
  // Nothing left to refund: no Refund button.
  await expect(detail.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  await expect(stat(dashboard, 'Revenue')).toHaveText('$40.00');
  await expect(stat(dashboard, 'Refunds')).toHaveText('$20.00');
  await expect(
    region(dashboard, 'Recent Payments')
      .getByRole('listitem')
      .filter({ hasText: payer.name })
      .getByText('Refunded', { exact: true }),
  ).toBeVisible();
  // Refunds are no new money: the pushes that brought them never said 'Payment received'.
  expect(await toastsSeen(dashboard)).not.toContainEqual(expect.stringContaining('Payment received'));
  expect(await dashboard.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);

  // The status filter offers the money after the sale.
  await transactions.getByLabel('Status', { exact: true }).selectOption({ label: 'Partially refunded' });
  await expect(transactions.getByText('No transactions found')).toBeVisible();
  await transactions.getByLabel('Status', { exact: true }).selectOption({ label: 'Refunded' });
  await expect(row).toHaveCount(1);

  // The payer's notices: one per refund, the amount in each.
  const first = await waitForEmail(e2eEnv.mailboxUrl, payer.email, { subject: /refunded \$5\.00/ });
  expect(first.subject).toBe('Tūī Books refunded $5.00');
  const second = await waitForEmail(e2eEnv.mailboxUrl, payer.email, { subject: /refunded \$10\.00/ });
  expect(second.body.text ?? second.body.html).toContain('$20.00');
});

test('a dispute lands live on the open list; its detail shows the deadline and the way to respond, and no Refund', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithStoredSession(page, merchant, '/dashboard/transactions');
  await expect(page.getByRole('status').filter({ hasText: /^Live\b/ })).toBeVisible();
  const { row, detail } = await openDetailsOf(page, disputer.email);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Approved');
  await expect(detail.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
  await recordToasts(page);

  // The card holder disputes the charge (the sandbox's test control, as Stripe's dashboard would).
  const { paymentIntentId } = await merchantApi<PaymentDetail>(
    merchant.token,
    'GET',
    `/api/me/payments/${disputedPaymentId}`,
  );
  const events = (await (await fetch(`${sandboxUrl}/_emu/events`)).json()) as {
    data: { type: string; data: { object: { id: string; latest_charge?: string } } }[];
  };
  const chargeId = events.data.find(
    (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === paymentIntentId,
  )!.data.object.latest_charge!;
  const opened = await fetch(`${sandboxUrl}/_emu/charges/${chargeId}/dispute`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ reason: 'product_not_received' }).toString(),
  });
  expect(opened.status, await opened.clone().text()).toBe(200);

  // Without a reload: the badge, the dispute block, and no way to refund a disputed payment.
  await expect(row.getByRole('cell').nth(3)).toHaveText('Disputed');
  await expect(detail.getByRole('heading', { name: 'Dispute' })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: 'Needs your response' })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: 'Product not received' })).toBeVisible();
  await expect(detail.getByText(/^Respond by \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  const { dispute } = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${disputedPaymentId}`);
  const respond = detail.getByRole('link', { name: /^Respond in Stripe/ });
  await expect(respond).toHaveAttribute('href', dispute!.respondUrl!);
  await expect(respond).toHaveAttribute('target', '_blank');
  await expect(detail.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  expect(await toastsSeen(page)).not.toContainEqual(expect.stringContaining('Payment received'));
  await expectNoSeriousAxeFindings(page);
  await screenshot(page, testInfo, 'disputed');
});

test('a refund the server refuses: another device refunded first and this tab has not heard; the words under the amount, and the next try refunds', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The page's realtime socket, through to the local runtime, with the server's pushes held back on demand: the
  // other device's refund reaches this tab late, as it may on a slow connection.
  let holdPushes = false;
  await page.routeWebSocket(
    () => true,
    (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!holdPushes) socket.send(message);
      });
    },
  );
  await signInWithStoredSession(page, merchant, '/dashboard/transactions');
  await expect(page.getByRole('status').filter({ hasText: /^Live\b/ })).toBeVisible();
  const { row, detail } = await openDetailsOf(page, unheard.email);
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  const amount = dialog.getByLabel('Amount (NZD)');
  await expect(amount).toHaveValue('20.00');

  holdPushes = true;
  await merchantApi(merchant.token, 'POST', `/api/me/payments/${unheardPaymentId}/refunds`, {
    amountCents: 1500,
    reason: 'requested_by_customer',
  });
  // This tab still offers $20.00; the server refuses it in words, under the amount, and refunds nothing.
  await dialog.getByRole('button', { name: 'Refund $20.00' }).click();
  await expect(dialog.getByText('At most $5.00.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  const refused = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${unheardPaymentId}`);
  expect(refused.refunds.map((refund) => refund.amountCents)).toEqual([1500]);

  // The $5.00 left: a new request, refunded once.
  holdPushes = false;
  await amount.fill('5');
  await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Refunded $5.00')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Refunded');
  const after = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${unheardPaymentId}`);
  expect(after.refunds.map((refund) => refund.amountCents)).toEqual([1500, 500]);
});
