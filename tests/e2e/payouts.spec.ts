/**
 * The Payouts screen (docs/decisions.md #56, #57), as a merchant uses it: two payments on the sandbox's
 * hosted Checkout go out in the day's payout (`/_emu/payouts/run`); in Chromium the merchant opens
 * Payouts from the sidebar, sees the payout, opens it to its lines adding up to it, and downloads its Xero
 * CSV, whose amounts add up to the payout. Screens at 1280 and 390 px, axe on each. A busy payout's lines
 * open a page at a time ("Load more lines"), and its Xero CSV still holds every line (#129).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { GstSummary } from '@shared/contracts/gst-summary';
import type { PayoutList } from '@shared/contracts/payouts';
import type { StripeConnection } from '@shared/contracts/stripe-connection';
import { formatMoney } from '@shared/money';
import { parseCsv } from '../support/csv';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * A link of `amountCents` paid on the sandbox's hosted Checkout, with the link's tip of `tipPercent` when
 * one is given; answers the sandbox's origin.
 */
async function pay(token: string, title: string, amountCents: number, payer: string, tipPercent = 0) {
  const link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title,
    isOpenAmount: false,
    amountCents,
    tipPercent,
  });
  const response = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: tipPercent > 0 ? 'percent' : 'none' }),
  });
  const { url } = (await response.json()) as CheckoutResponse;
  const fields = {
    email: 'payer@example.co.nz',
    name: payer,
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  };
  const answer = await submitHostedForm(url, fields);
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  const verified = await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  expect(((await verified.json()) as { status: string }).status).toBe('succeeded');
  return new URL(url).origin;
}

function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a Xero amount: ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

test('a merchant sees a payout, opens it, and downloads its Xero CSV', async ({ page }) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Café' });
  await pay(merchant.token, 'Flat white', 550, 'Aroha Ngata');
  const stripeUrl = await pay(merchant.token, 'Banana bread', 1200, 'Tama Rewi');
  const run = await fetch(`${stripeUrl}/_emu/payouts/run`, { method: 'POST' });
  expect(run.status).toBe(200);
  // The payout reaches Paylink by its webhook: wait for it to be recorded, as the screen would.
  await expect
    .poll(async () => (await merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts')).payouts.length)
    .toBe(1);
  const [payout] = (await merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts')).payouts;
  const amount = formatMoney(payout!.amountCents, payout!.currency);

  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const row = page.getByRole('button', { name: /^Arrival date/ });
  await expect(row).toContainText(amount);
  await expect(row).toContainText('Paid');
  // Not registered for GST: the GST summary says so plainly, and still answers (docs/decisions.md #104).
  await expect(page.getByText('You are not registered for GST now (Settings → Tax)', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: /^GST summary, / })).toContainText(
    'No receipts or refunds in this period.',
  );
  await expectNoSeriousAxeFindings(page);

  await row.click();
  await expect(page.getByRole('table')).toContainText('Payment: Flat white');
  await expect(page.getByRole('table')).toContainText('Paylink fee');
  // Each line's payee is the one its Xero row names: the payer for what was paid, Stripe and Paylink for their
  // fees, never the payer of the payment a fee was taken from (issue 49, item 5).
  const payeeOf = async (what: string) => {
    const line = page.getByRole('row').filter({ has: page.getByRole('cell', { name: what, exact: true }) });
    return line.getByRole('cell').nth(2).innerText();
  };
  expect(await payeeOf('Payment: Flat white')).toBe('Aroha Ngata');
  expect(await payeeOf('Stripe fee: Flat white')).toBe('Stripe');
  expect(await payeeOf('Paylink fee: Flat white')).toBe('Paylink');
  await expect(page.getByTestId('payout-lines-total')).toHaveText(amount);
  await expect(page.getByText('the payout to the cent')).toBeVisible();
  await expectNoSeriousAxeFindings(page);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Xero CSV', exact: true }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^paylink-payout-\d{4}-\d{2}-\d{2}-po_\w+\.csv$/);
  const rows = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(rows[0]).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference']);
  // The lines add up to the payout; its own last row takes it to the bank (docs/decisions.md #121).
  expect(rows.slice(1, -1).reduce((sum, cells) => sum + cents(cells[1]!), 0)).toBe(payout!.amountCents);
  expect(cents(rows.at(-1)![1]!)).toBe(-payout!.amountCents);
  expect(rows.some((cells) => cells[2] === 'Aroha Ngata' && cells[1] === '5.50')).toBe(true);

  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('payout-lines-total')).toBeVisible();
  // On a 390 px phone every line reads without sideways scrolling: payer under what was paid (issue 49).
  const linesRegion = page.getByRole('region', { name: /lines in this payout$/ });
  await expect(linesRegion.getByText('Aroha Ngata').first()).toBeVisible();
  const stripeFee = linesRegion.getByRole('row').filter({ hasText: 'Stripe fee: Flat white' });
  await expect(stripeFee.getByText('Stripe', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(stripeFee).not.toContainText('Aroha Ngata');
  expect(await linesRegion.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
  const box = (await linesRegion.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // Nor does the page as a whole: the export buttons' long labels wrap inside their card (issue 49).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeFindings(page);
});

test('a busy payout opens a page of lines at a time, totals the whole payout, and its Xero CSV holds every line @desktop-only', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Market Stall Ltd' });
  const stripeUrl = await pay(merchant.token, 'Flat white', 550, 'Aroha Ngata');
  const { debug_info: connection } = await merchantApi<StripeConnection>(
    merchant.token,
    'GET',
    '/api/me/stripe/status',
  );
  const account = connection.accountId!;
  // 250 more charges (three lines each) on the merchant's account: 753 lines, more than one page of 500.
  const control = (path: string, form: Record<string, string>) =>
    fetch(`${stripeUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  expect(
    (await control('/_emu/balance_transactions/seed', { account, count: '250', application_fee: '20' })).status,
  ).toBe(200);
  expect((await control('/_emu/payouts/run', { account })).status).toBe(200);
  await expect
    .poll(async () => (await merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts')).payouts.length)
    .toBe(1);
  const [payout] = (await merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts')).payouts;
  expect(payout!.lineCount).toBe(753);
  const amount = formatMoney(payout!.amountCents, payout!.currency);

  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/payouts');
  await page.getByRole('button', { name: /^Arrival date/ }).click();
  const lines = page.getByRole('region', { name: '753 lines in this payout' }).locator('tbody tr');
  await expect(lines).toHaveCount(500);
  await expect(page.getByText('Showing 500 of 753 lines')).toBeVisible();
  // The total is the whole payout's, though only the first page is shown.
  await expect(page.getByTestId('payout-lines-total')).toHaveText(amount);
  await expect(page.getByText('the payout to the cent')).toBeVisible();

  // The Xero file is made from every line, not only those on screen.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Xero CSV', exact: true }).click();
  const rows = parseCsv(await readFile((await (await downloaded).path())!, 'utf8'));
  // The header, every line, and the payout's own row to the bank (docs/decisions.md #121).
  expect(rows).toHaveLength(1 + 753 + 1);
  expect(rows.slice(1, -1).reduce((sum, cells) => sum + cents(cells[1]!), 0)).toBe(payout!.amountCents);
  expect(cents(rows.at(-1)![1]!)).toBe(-payout!.amountCents);

  await page.getByRole('button', { name: 'Load more lines' }).click();
  await expect(lines).toHaveCount(753);
  await expect(page.getByText('Showing 500 of 753 lines')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Load more lines' })).toBeHidden();
  await expectNoSeriousAxeFindings(page);
});

/** 3/23 of an amount to the cent, as Xero works out a "15% GST on Income" line (never an exact half cent). */
function gstIn(amountCents: number): number {
  return Math.sign(amountCents) * Math.round((Math.abs(amountCents) * 3) / 23);
}

test('a GST-registered merchant with tips outside GST: the precoded Xero CSV books the summary’s GST', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Tūī Catering' });
  await merchantApi(merchant.token, 'PUT', '/api/me/tax', {
    gstRegistered: true,
    gstNumber: '49-091-850',
    legalName: 'Tūī Catering Limited',
    address: '1 Queen Street, Auckland',
    tipTreatment: 'outside-supply',
  });
  // $100 and a 15% tip outside the supply: the receipt states GST $13.04 on the $100.
  const stripeUrl = await pay(merchant.token, 'Catering platter', 10_000, 'Aroha Ngata', 15);
  expect((await fetch(`${stripeUrl}/_emu/payouts/run`, { method: 'POST' })).status).toBe(200);
  await expect
    .poll(async () => (await merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts')).payouts.length)
    .toBe(1);

  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/payouts');
  await page.getByRole('button', { name: /^Arrival date/ }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download precoded Xero CSV', exact: true }).click();
  const rows = parseCsv(await readFile((await (await downloaded).path())!, 'utf8')).slice(1);

  // Amount, Account Code and Tax Rate of the row with this description.
  const coded = (description: string) => {
    const cells = rows.find((row) => row[3] === description);
    return cells ? [cells[1], cells[5], cells[6]] : null;
  };
  expect(coded('Catering platter')).toEqual(['100.00', '200', '15% GST on Income']);
  expect(coded('Catering platter (tip, not part of the GST-inclusive price)')).toEqual(['15.00', '200', 'No GST']);
  expect(rows.find((cells) => cells[2] === 'Stripe')!.slice(5)).toEqual(['404', 'No GST']);
  expect(rows.reduce((sum, cells) => sum + cents(cells[1]!), 0)).toBe(0);

  const xeroGst = rows
    .filter((cells) => cells[6] === '15% GST on Income')
    .reduce((sum, cells) => sum + gstIn(cents(cells[1]!)), 0);
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);
  const summary = await merchantApi<GstSummary>(
    merchant.token,
    'GET',
    `/api/me/gst-summary?months=1&lastMonth=${month}`,
  );
  expect(summary.totals.netGstCents).toBe(1_304);
  expect(xeroGst).toBe(summary.totals.netGstCents);
});
