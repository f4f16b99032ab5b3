/**
 * The GST return worksheet and Paylink's fee statement (docs/decisions.md #123, #124),
 * as a GST-registered merchant uses them: two payments on the sandbox's hosted Checkout, then in Chromium
 * the merchant opens Payouts, sees the period's boxes under the GST summary, downloads the worksheet's
 * CSV (its boxes the screen's), and downloads this month's fee statement as a PDF and a CSV. Paylink
 * itself is not registered for GST in this runtime, so the statement says so and shows no GST. Axe at
 * 1280 and 390 px.
 *
 * Then the books as an accountant checks them (issue 43): a tip outside GST and refunded, a lost dispute, a
 * partial refund, a zero-rated sale, a sale with no GST and a payout the bank returned; both Xero files of the
 * payouts and the worksheet, their GST worked out here from the lines as coded, agree to the cent, and the
 * zero-rated sale's receipt says GST 0% (#136).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { CheckoutResponse, PaymentResult } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { PaymentDetail } from '@shared/contracts/payments';
import type { PayoutList } from '@shared/contracts/payouts';
import type { StripeConnection } from '@shared/contracts/stripe-connection';
import type { GstTreatment } from '@shared/gst-treatment';
import { formatMoney } from '@shared/money';
import { parseCsv } from '../support/csv';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

/**
 * A link of `amountCents` (with its tip of `tipPercent`, when one is given) paid on the sandbox's hosted
 * Checkout, settled by the success page's check; answers the payment's id and the sandbox's origin.
 */
async function pay(
  token: string,
  title: string,
  amountCents: number,
  tipPercent = 0,
  gstTreatment: GstTreatment = 'standard',
) {
  const link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title,
    isOpenAmount: false,
    amountCents,
    tipPercent,
    gstTreatment,
  });
  const response = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: tipPercent > 0 ? 'percent' : 'none' }),
  });
  const { url } = (await response.json()) as CheckoutResponse;
  const answer = await submitHostedForm(url, {
    email: 'payer@example.co.nz',
    name: 'Aroha Ngata',
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  const verified = (await (await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`)).json()) as PaymentResult;
  expect(verified.status).toBe('succeeded');
  return { paymentId: verified.payment_id, stripeUrl: new URL(url).origin, receiptPath: verified.receipt_path };
}

test('a GST-registered merchant reads the GST return worksheet and downloads it and the fee statement', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Café' });
  await merchantApi(merchant.token, 'PUT', '/api/me/tax', {
    gstRegistered: true,
    gstNumber: '49-091-850',
    legalName: 'Kōwhai Café Limited',
    address: '1 Queen Street, Auckland',
  });
  await pay(merchant.token, 'Catering platter', 23_000);
  await pay(merchant.token, 'Scone', 1001);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithStoredSession(page, merchant, '/dashboard/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  // The worksheet of the GST summary's period: $240.01 of sales, 3/23 of it $31.31, no fees to claim.
  const worksheet = page.getByRole('region', { name: 'GST return worksheet' });
  await expect(worksheet.getByTestId('gst-return-box5')).toHaveText('$240.01');
  await expect(worksheet.getByTestId('gst-return-box8')).toHaveText('$31.31');
  await expect(worksheet.getByTestId('gst-return-box11')).toHaveText('$0.00');
  await expect(worksheet.getByTestId('gst-return-box15')).toHaveText('$31.31');
  await expect(worksheet).toContainText(
    'Total sales and income for the period (including GST and any zero-rated supplies)',
  );
  await expect(worksheet).toContainText('Paylink is not registered for GST, so its fees carry no GST to claim');
  await expectNoSeriousAxeFindings(page);

  const worksheetFile = page.waitForEvent('download');
  await worksheet.getByRole('button', { name: 'Download GST return CSV' }).click();
  const worksheetDownload = await worksheetFile;
  expect(worksheetDownload.suggestedFilename()).toMatch(/^paylink-gst-return-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const boxes = parseCsv((await readFile((await worksheetDownload.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(boxes[0]).toEqual(['Box', 'Description', 'Amount']);
  expect(boxes.find((row) => row[0] === 'Box 5')?.[2]).toBe('240.01');
  expect(boxes.find((row) => row[0] === 'Box 8')?.[2]).toBe('31.31');
  expect(boxes.find((row) => row[0] === 'Box 15')?.[2]).toBe('31.31');

  // This month's fees: 0.5% of $230 and of $10.01.
  const fees = page.getByRole('region', { name: /^Paylink’s fees, / });
  await expect(fees).toContainText('Fees on 2 payments');
  await expect(fees).toContainText('$1.20');
  await expect(fees).toContainText('Paylink is not registered for GST: these fees include no GST.');

  const pdfFile = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'Download fee statement PDF' }).click();
  const pdf = await pdfFile;
  expect(pdf.suggestedFilename()).toMatch(/^paylink-fees-\d{4}-\d{2}\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const csvFile = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'Download fee statement CSV' }).click();
  const csv = parseCsv((await readFile((await (await csvFile).path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(csv[1]?.[0]).toBe('Statement of Paylink fees');
  expect(csv.find((row) => row[0] === 'Customer')?.[1]).toBe('Kōwhai Café Limited');
  expect(csv.filter((row) => row[0] === 'Paylink fee').map((row) => row[5])).toEqual(['1.15', '0.05']);
  expect(csv.find((row) => row[0] === 'Net fees')?.[5]).toBe('1.20');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(worksheet.getByTestId('gst-return-box15')).toBeVisible();
  await expectNoSeriousAxeFindings(page);
});

/** A Xero amount ("-5.00") in cents. */
function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a Xero amount: ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/**
 * The GST Xero books from precoded rows, worked out here from the rows alone: each row's tax is 3/23 of its
 * tax-inclusive amount rounded to the cent (a 3/23 is never an exact half cent), on Income collected and on
 * Expenses claimed; "Zero Rated Income" and "No GST" rows carry none.
 */
function gstAsXeroCodes(rows: readonly string[][]): number {
  const taxOf = (amount: number) => Math.sign(amount) * Math.round((Math.abs(amount) * 3) / 23);
  return rows.reduce((sum, cells) => {
    if (cells[6] === '15% GST on Income') return sum + taxOf(cents(cells[1]!));
    if (cells[6] === '15% GST on Expenses') return sum - taxOf(cents(cells[1]!));
    return sum;
  }, 0);
}

/** A test control of the sandbox (`/_emu/…`), answered 200. */
async function sandboxControl<T>(stripeUrl: string, path: string, form: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${stripeUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/** The card holder's bank takes a payment back and the merchant loses the dispute. */
async function loseDispute(token: string, stripeUrl: string, paymentId: string) {
  const { paymentIntentId } = await merchantApi<PaymentDetail>(token, 'GET', `/api/me/payments/${paymentId}`);
  const events = (await (await fetch(`${stripeUrl}/_emu/events`)).json()) as {
    data: { type: string; data: { object: { id: string; latest_charge?: string } } }[];
  };
  const chargeId = events.data.find(
    (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === paymentIntentId,
  )!.data.object.latest_charge!;
  const dispute = await sandboxControl<{ id: string }>(stripeUrl, `/_emu/charges/${chargeId}/dispute`);
  await sandboxControl(stripeUrl, `/_emu/disputes/${dispute.id}/close`, { status: 'lost' });
}

test('the books agree: both Xero files and the GST return worksheet book the same GST to the cent @desktop-only', async ({
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
  // $100 and a 15% tip outside the supply, the tip refunded (no correction); $230 lost to a dispute (the
  // sale's GST stands, #120); $10.01 with $5 of it refunded (a correction of $0.65).
  const platter = await pay(merchant.token, 'Catering platter', 10_000, 15);
  const cake = await pay(merchant.token, 'Wedding cake', 23_000);
  const scone = await pay(merchant.token, 'Scone', 1001);
  // Design work for a client overseas, zero-rated (s11A(1)(k)); a gift to the café's charity, no supply at all.
  const design = await pay(merchant.token, 'Menu design for an overseas client', 46_000, 0, 'zero-rated');
  await pay(merchant.token, 'Koha for the food bank', 5_000, 0, 'no-gst');
  const { stripeUrl } = platter;
  await merchantApi(merchant.token, 'POST', `/api/me/payments/${platter.paymentId}/refunds`, { amountCents: 1500 });
  await merchantApi(merchant.token, 'POST', `/api/me/payments/${scone.paymentId}/refunds`, { amountCents: 500 });
  await loseDispute(merchant.token, stripeUrl, cake.paymentId);
  const detail = (paymentId: string) =>
    merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${paymentId}`);
  await expect.poll(async () => (await detail(cake.paymentId)).dispute?.status).toBe('lost');
  for (const { paymentId } of [platter, scone]) {
    await expect
      .poll(async () => (await detail(paymentId)).refunds.map((refund) => refund.status))
      .toEqual(['succeeded']);
  }

  // The bank returns the first payout; the next one carries its money back out (#121).
  const { debug_info: connection } = await merchantApi<StripeConnection>(
    merchant.token,
    'GET',
    '/api/me/stripe/status',
  );
  const account = connection.accountId!;
  const payoutStatuses = async () =>
    (await merchantApi<PayoutList>(merchant.token, 'GET', '/api/me/payouts')).payouts.map((payout) => payout.status);
  await sandboxControl(stripeUrl, '/_emu/payouts/run', { account, fail: 'true' });
  await expect.poll(payoutStatuses).toEqual(['failed']);
  await sandboxControl(stripeUrl, '/_emu/payouts/run', { account });
  await expect.poll(async () => (await payoutStatuses()).sort()).toEqual(['failed', 'paid']);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithStoredSession(page, merchant, '/dashboard/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  // Both Xero files of every payout arriving this month and the next few days (the payouts arrive tomorrow).
  const later = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Pacific/Auckland' });
  await page.getByLabel('Arriving to').fill(later);
  const downloadRows = async (name: string) => {
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name, exact: true }).click();
    return parseCsv(await readFile((await (await file).path())!, 'utf8'));
  };
  const precoded = await downloadRows('Download precoded Xero CSV for these dates');
  const statement = await downloadRows('Download Xero CSV for these dates');
  expect(precoded[0]).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference', 'Account Code', 'Tax Rate']);
  const lines = precoded.slice(1);
  // The plain file is the same statement lines, for the merchant to code in Xero as the precoded one does.
  expect(statement).toEqual(precoded.map((cells) => cells.slice(0, 5)));
  // The clearing account comes back to zero over both payouts; each sale is booked once, though its
  // payout failed.
  expect(lines.reduce((sum, cells) => sum + cents(cells[1]!), 0)).toBe(0);
  const coded = (description: string) =>
    lines.filter((cells) => cells[3] === description).map((cells) => [cells[1], cells[6]]);
  expect(coded('Catering platter')).toEqual([['100.00', '15% GST on Income']]);
  expect(coded('Catering platter (tip, not part of the GST-inclusive price)')).toEqual([['15.00', 'No GST']]);
  expect(coded('Refund: Catering platter')).toEqual([['-15.00', 'No GST']]);
  expect(coded('Wedding cake')).toEqual([['230.00', '15% GST on Income']]);
  expect(coded('Dispute: Wedding cake')).toEqual([['-230.00', 'No GST']]);
  expect(coded('Refund: Scone')).toEqual([['-5.00', '15% GST on Income']]);
  expect(coded('Menu design for an overseas client')).toEqual([['460.00', 'Zero Rated']]);
  expect(coded('Koha for the food bank')).toEqual([['50.00', 'No GST']]);
  const xeroGst = gstAsXeroCodes(lines);
  // $13.04 + $30.00 + $1.31 − $0.65.
  expect(xeroGst).toBe(4_370);

  // The worksheet on screen and in its CSV: the same GST, to the cent.
  const worksheet = page.getByRole('region', { name: 'GST return worksheet' });
  await expect(worksheet.getByTestId('gst-return-box15')).toHaveText(formatMoney(xeroGst, 'NZD'));
  await expect(worksheet.getByTestId('gst-return-box13')).toHaveText('$0.65');
  const worksheetFile = page.waitForEvent('download');
  await worksheet.getByRole('button', { name: 'Download GST return CSV' }).click();
  const boxes = parseCsv((await readFile((await (await worksheetFile).path())!, 'utf8')).replace(/^\uFEFF/, ''));
  const box = (name: string) => cents(boxes.find((cells) => cells[0] === name)![2]!);
  expect(box('Box 15')).toBe(xeroGst);
  // Box 5 is the receipts at their full amount, the tip outside the supply and the gift left out; Box 6 the
  // zero-rated sale, as the rows coded "Zero Rated" add up.
  expect(box('Box 5')).toBe(34_001 + 46_000);
  const zeroRatedRows = lines.filter((cells) => cells[6] === 'Zero Rated');
  expect(box('Box 6')).toBe(zeroRatedRows.reduce((sum, cells) => sum + cents(cells[1]!), 0));
  await expect(worksheet.getByTestId('gst-return-box6')).toHaveText('$460.00');
  await expect(page.getByTestId('gst-summary-zero-rated')).toHaveText('$460.00');

  // The zero-rated sale's receipt, as its payer opens it: GST 0%.
  await page.goto(design.receiptPath!);
  await expect(page.getByText('Zero-rated supply: GST 0%, $0.00')).toBeVisible();
  expect(box('Box 10') - box('Box 14')).toBe(xeroGst);
});
