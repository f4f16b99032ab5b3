/**
 * Issue 26 items 4 and 5: payments and a partial refund on the Stripe sandbox go out in the day's payout
 * (`/_emu/payouts/run`); Paylink records it from payout.paid with its lines, exactly once, scoped to its
 * merchant; a payout whose webhook was lost is found by the catch-up schedule; a failed payout moves
 * forward to failed; and both Xero CSVs of the payout add up to it to the cent.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/contracts/errors';
import { paymentDetailSchema, paymentListSchema } from '@shared/contracts/payments';
import { payoutDetailSchema, payoutListSchema, type PayoutDetail } from '@shared/contracts/payouts';
import { moneyKeptOf } from '@shared/money';
import { transactionsCsv } from '@shared/transactions-csv';
import { xeroBankStatementCsv, xeroPrecodedCsv, xeroRowsOfPayout } from '@shared/xero-csv';
import { parseCsv } from '../support/csv';
import { paymentRow } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const CATCH_UP = 'catch-up-payouts';

let env: TestRuntime;
let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  other = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

function post(path: string, body: unknown, token: string) {
  return env.api(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function paidPayment(owner: TestMerchant, title: string, amountCents: number, payerName: string) {
  const { paymentId } = await env.paidPayment(
    owner,
    { title, isOpenAmount: false, amountCents, tipPercent: 0 },
    { payer: { email: 'payer@example.com', name: payerName } },
  );
  return paymentRow(env, paymentId);
}

const sandbox = (path: string, form: Record<string, string>) =>
  env.sandboxControl<{ data: Array<{ id: string; amount: number }> }>(path, form);

async function payouts(owner: TestMerchant, query = '') {
  const response = await env.api(`/api/me/payouts${query}`, { token: owner.accessToken });
  expect(response.status).toBe(200);
  return payoutListSchema.parse(await response.json());
}

async function payout(owner: TestMerchant, id: string): Promise<PayoutDetail> {
  const response = await env.api(`/api/me/payouts/${id}`, { token: owner.accessToken });
  expect(response.status).toBe(200);
  return payoutDetailSchema.parse(await response.json());
}

/** A CSV amount ("-12.05") as cents, read as text so no float rounding can hide a lost cent. */
function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a Xero amount: ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

describe('payouts', () => {
  let payoutId: string;
  let merchantId: string;

  it('records the day’s payout from payout.paid, with lines that add up to it', async () => {
    const coffee = await paidPayment(merchant, 'Flat white beans', 5000, 'Aroha Ngata');
    const cake = await paidPayment(merchant, 'Birthday cake', 2300, '=HYPERLINK("x")');
    merchantId = coffee.merchantId;
    const refund = await post(
      `/api/me/payments/${coffee.paymentId}/refunds`,
      { amountCents: 1000, reason: 'requested_by_customer' },
      merchant.accessToken,
    );
    expect(refund.status).toBe(201);
    await env.settle();

    const run = await sandbox('/_emu/payouts/run', { account: coffee.stripeAccountId });
    expect(run.data).toHaveLength(1);
    payoutId = run.data[0]!.id;
    await env.settle();

    const list = await payouts(merchant);
    expect(list.gstRegistered).toBe(false);
    expect(list.payouts.map((item) => [item.payoutId, item.status])).toEqual([[payoutId, 'paid']]);

    const detail = await payout(merchant, payoutId);
    expect(detail.amountCents).toBe(run.data[0]!.amount);
    expect(detail.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(detail.amountCents);
    const kinds = detail.lines.map((line) => line.kind).sort();
    expect(kinds).toEqual(
      ['fee_refund', 'paylink_fee', 'paylink_fee', 'payment', 'payment', 'refund', 'stripe_fee', 'stripe_fee'].sort(),
    );
    const gross = detail.lines.filter((line) => line.kind === 'payment');
    expect(cake.receiptNumber).toBeGreaterThan(0);
    expect(coffee.receiptNumber).toBeGreaterThan(0);
    expect(
      gross
        .map((line) => [line.amountCents, line.paymentId, line.payerName, line.linkTitle, line.receiptNumber])
        .sort(),
    ).toEqual(
      [
        [2300, cake.paymentId, '=HYPERLINK("x")', 'Birthday cake', cake.receiptNumber],
        [5000, coffee.paymentId, 'Aroha Ngata', 'Flat white beans', coffee.receiptNumber],
      ].sort(),
    );
    expect(detail.lines.find((line) => line.kind === 'refund')).toMatchObject({
      amountCents: -1000,
      paymentId: coffee.paymentId,
    });
    const paylinkFees = detail.lines.filter((line) => line.kind === 'paylink_fee');
    expect(paylinkFees.map((line) => line.amountCents).sort()).toEqual(
      [-coffee.productFeeCents, -cake.productFeeCents].sort(),
    );
  });

  it('both Xero CSVs of the payout come back to zero with its own row, formulas dropped, Tax Rate as receipted', async () => {
    const detail = await payout(merchant, payoutId);
    const zone = { timeZone: 'Pacific/Auckland' };
    const plain = parseCsv(xeroBankStatementCsv(xeroRowsOfPayout(detail, { gstRegistered: false }), zone));
    expect(plain[0]).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference']);
    // The lines add up to the payout, and its own row takes it to the bank (docs/decisions.md #121).
    expect(plain.slice(1, -1).reduce((sum, row) => sum + cents(row[1]!), 0)).toBe(detail.amountCents);
    expect(plain.at(-1)!.slice(1)).toEqual([
      (-detail.amountCents / 100).toFixed(2),
      'Bank account',
      `Payout to your bank account (${payoutId})`,
      payoutId,
    ]);
    for (const row of plain.slice(1)) expect(row[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(plain.some((row) => row[2] === 'HYPERLINK("x")')).toBe(true);

    // The merchant registers for GST (Settings → Tax writes this field): the list says so, but the sales
    // were receipted before, without GST, and stay "No GST" as their receipts are (docs/decisions.md #97,
    // #98); Stripe's fees carry no GST for a New Zealand account, registered or not (#118).
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId },
        UpdateExpression: 'SET tax = :tax',
        ExpressionAttributeValues: {
          ':tax': {
            gstRegistered: true,
            gstNumber: '49091850',
            legalName: null,
            address: null,
            tipTreatment: 'part-of-supply',
          },
        },
      }),
    );
    const { gstRegistered } = await payouts(merchant);
    expect(gstRegistered).toBe(true);
    const precoded = parseCsv(xeroPrecodedCsv(xeroRowsOfPayout(detail, { gstRegistered }), zone));
    expect(precoded[0]).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference', 'Account Code', 'Tax Rate']);
    expect(precoded.slice(1).reduce((sum, row) => sum + cents(row[1]!), 0)).toBe(0);
    const sale = precoded.find((row) => row[3] === 'Flat white beans')!;
    expect(sale.slice(5)).toEqual(['200', 'No GST']);
    // Reference: the receipt number the payer's receipt shows (issue 26 item 5).
    const coffeeLine = detail.lines.find((line) => line.kind === 'payment' && line.linkTitle === 'Flat white beans')!;
    expect(coffeeLine.receiptGstRegistered).toBe(false);
    expect(sale[4]).toBe(String(coffeeLine.receiptNumber));
    const fee = precoded.find((row) => row[2] === 'Stripe')!;
    expect(fee.slice(5)).toEqual(['404', 'No GST']);
    // Paylink's fee carries GST only where the deployment names Paylink's GST number; this one does not.
    expect(precoded.find((row) => row[2] === 'Paylink')!.slice(5)).toEqual(['404', 'No GST']);
  });

  it('shows a payout to its merchant only', async () => {
    const response = await env.api(`/api/me/payouts/${payoutId}`, { token: other.accessToken });
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({ code: 'payout_not_found' });
    expect((await payouts(other)).payouts).toEqual([]);
    const bad = await env.api('/api/me/payouts?from=2026-13-40x', { token: merchant.accessToken });
    expect(bad.status).toBe(400);
  });

  it('the catch-up schedule finds a payout whose webhook was lost, and a failed payout moves forward once', async () => {
    const lost = await paidPayment(other, 'Sourdough', 1200, 'Mere');
    await sandbox('/_emu/webhooks/drop', { count: '1', types: 'payout.paid' });
    const run = await sandbox('/_emu/payouts/run', { account: lost.stripeAccountId });
    await env.settle();
    expect((await payouts(other)).payouts).toEqual([]);

    await env.runtime.scheduler.runNow(CATCH_UP);
    const found = await payouts(other);
    expect(found.payouts.map((item) => [item.payoutId, item.status])).toEqual([[run.data[0]!.id, 'paid']]);
    // Again: nothing new, nothing doubled.
    await env.runtime.scheduler.runNow(CATCH_UP);
    expect((await payouts(other)).payouts).toHaveLength(1);

    await paidPayment(other, 'Rye', 800, 'Mere');
    const failed = await sandbox('/_emu/payouts/run', { account: lost.stripeAccountId, fail: 'true' });
    await env.settle();
    const listed = await payouts(other);
    const failedPayout = listed.payouts.find((item) => item.payoutId === failed.data[0]!.id);
    expect(failedPayout).toMatchObject({ status: 'failed', failureMessage: 'The bank account has been closed.' });
  });
});

describe("a partial refund's Net (docs/decisions.md #269)", () => {
  it('is what the payout pays for the payment, to the cent, in the CSV and the detail alike: 13.89', async () => {
    // $20.00 on the sandbox's test card (3.7% + 30c: $1.04), Paylink's 0.5% ($0.10), $5.00 refunded with
    // `refund_application_fee`: Stripe gives back 3c of the fee (10 × 500 / 2000 = 2.5, half up), so the
    // merchant keeps 2000 − 104 − 10 − 500 + 3 = 1389, not the 1386 that leaves the fee given back out.
    const owner = await env.connectedMerchant();
    const sale = await paidPayment(owner, 'Second-hand novel', 2000, 'Hemi Walker');
    expect([sale.stripeFeeCents, sale.productFeeCents]).toEqual([104, 10]);
    const refund = await post(
      `/api/me/payments/${sale.paymentId}/refunds`,
      { amountCents: 500, reason: 'requested_by_customer' },
      owner.accessToken,
    );
    expect(refund.status).toBe(201);
    await env.settle();

    // The books: the merchant's first payout, this payment's money alone. (Its fee refund line names no payment:
    // Stripe's fee refund object carries no metadata, only its fee.)
    const run = await sandbox('/_emu/payouts/run', { account: sale.stripeAccountId });
    await env.settle();
    expect(run.data).toHaveLength(1);
    const { lines, amountCents } = await payout(owner, run.data[0]!.id);
    expect(amountCents).toBe(1389);
    expect(lines.map((line) => [line.kind, line.amountCents]).sort()).toEqual(
      [
        ['payment', 2000],
        ['stripe_fee', -104],
        ['paylink_fee', -10],
        ['refund', -500],
        ['fee_refund', 3],
      ].sort(),
    );
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(1389);

    // The CSV, from the list row as the browser's export reads it, and the detail the screen shows.
    const list = await env.api('/api/me/payments', { token: owner.accessToken });
    const row = paymentListSchema.parse(await list.json()).payments.find((item) => item.paymentId === sale.paymentId)!;
    const [header, cells] = parseCsv(transactionsCsv([row], { timeZone: 'Pacific/Auckland' }));
    expect(cells![header!.indexOf('Net')]).toBe('13.89');
    const opened = await env.api(`/api/me/payments/${sale.paymentId}`, { token: owner.accessToken });
    expect(moneyKeptOf(paymentDetailSchema.parse(await opened.json()))).toEqual({
      paylinkFeeReturnedCents: 3,
      netCents: 1389,
    });
  });
});
