/**
 * Issue 26 item 6, the GST summary (docs/decisions.md #84): payments and a partial refund through the local
 * Stripe, then GET /api/me/gst-summary for the period they fall in — its GST is the sum over the period's
 * receipts less the corrections the receipt page lists, to the cent; another merchant's payments never
 * appear; a merchant no longer registered still sees the GST their receipts stated, and is refused in words only
 * for receipts whose GST cannot be known; a bad period is refused in words.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { apiErrorSchema } from '@shared/contracts/errors';
import { gstSummarySchema, type GstSummary } from '@shared/contracts/gst-summary';
import { addMonths } from '@shared/gst-periods';
import { paymentRow } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function merchantWithStripe(gstRegistered: boolean, timeZone = 'Pacific/Auckland'): Promise<TestMerchant> {
  const merchant = await env.connectedMerchant({ companyName: 'Kōwhai Cafe', timeZone });
  if (gstRegistered) await env.registerForGst(merchant);
  return merchant;
}

async function paid(owner: TestMerchant, title: string, amountCents: number, tipPercent: number | null = null) {
  const { paymentId, paid } = await env.paidPayment(
    owner,
    { title, isOpenAmount: false, amountCents, tipPercent },
    { tip: tipPercent === null ? 'none' : 'percent', payer: { email: 'aroha@example.co.nz', name: 'Aroha Payer' } },
  );
  expect(paid.status).toBe(303);
  return paymentRow(env, paymentId);
}

async function summary(owner: TestMerchant, months: number, lastMonth: string) {
  return env.api(`/api/me/gst-summary?months=${months}&lastMonth=${lastMonth}`, { token: owner.accessToken });
}

async function summaryOf(owner: TestMerchant, months: number, lastMonth: string): Promise<GstSummary> {
  const response = await summary(owner, months, lastMonth);
  expect(response.status, await response.clone().text()).toBe(200);
  return gstSummarySchema.parse(await response.json());
}

/** "$30.00" in a receipt page's words as cents. */
function centsIn(text: string): number {
  const match = /\$(\d[\d,]*)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

describe('GST summary', () => {
  let merchant: TestMerchant;
  let other: TestMerchant;
  let month: string;
  const ids: Record<string, string> = {};

  it('is the GST of the period’s receipts less their supply corrections, to the cent', async () => {
    merchant = await merchantWithStripe(true);
    other = await merchantWithStripe(true);
    const platter = await paid(merchant, 'Catering platter', 23_000);
    const lunch = await paid(merchant, 'Lunch', 11_500);
    // 3/23 of $10.01 is 130.56… cents: above half a cent, so 131 (s19O).
    const scone = await paid(merchant, 'Scone', 1001);
    const theirs = await paid(other, 'Their pie', 4600);
    Object.assign(ids, { platter: platter.paymentId, lunch: lunch.paymentId, scone: scone.paymentId });
    ids.theirs = theirs.paymentId;

    const refund = await send(
      `/api/me/payments/${platter.paymentId}/refunds`,
      'POST',
      { amountCents: 2300, reason: 'requested_by_customer' },
      merchant.accessToken,
    );
    expect(refund.status).toBe(201);
    await env.settle();

    // The month the platter's receipt is dated in, on the merchant's clock (Auckland by default).
    month = dayInTimeZone((await paymentRow(env, platter.paymentId)).settledAt!, 'Pacific/Auckland').slice(0, 7);
    const result = await summaryOf(merchant, 1, month);
    expect(result).toMatchObject({ months: 1, firstMonth: month, lastMonth: month, timeZone: 'Pacific/Auckland' });
    expect(result.fromDay).toBe(`${month}-01`);

    expect(new Set(result.receipts.map((line) => line.paymentId))).toEqual(
      new Set([platter.paymentId, lunch.paymentId, scone.paymentId]),
    );
    const gstOf = (paymentId: string) => result.receipts.find((line) => line.paymentId === paymentId)?.gstCents;
    expect([gstOf(platter.paymentId), gstOf(lunch.paymentId), gstOf(scone.paymentId)]).toEqual([3000, 1500, 131]);
    expect(result.receipts.find((line) => line.paymentId === platter.paymentId)?.receiptNumber).toBe(
      platter.receiptNumber,
    );
    expect(result.corrections).toHaveLength(1);
    expect(result.corrections[0]).toMatchObject({
      paymentId: platter.paymentId,
      receiptNumber: platter.receiptNumber,
      refundCents: 2300,
      // GST on $230 less GST on $207.
      gstCents: 300,
    });
    expect(result.totals).toEqual({
      salesCents: 23_000 + 11_500 + 1001,
      zeroRatedCents: 0,
      gstCollectedCents: 4631,
      refundedCents: 2300,
      gstCorrectedCents: 300,
      netGstCents: 4331,
    });

    // The platter's receipt page states the same GST and the same correction.
    const page = await (await fetch(`${env.baseUrl}/r/${platter.receiptToken as string}`)).text();
    const stated = /The total includes GST \$[\d,.]+/.exec(page)?.[0];
    const corrected = /GST corrected by \$[\d,.]+/.exec(page)?.[0];
    expect(centsIn(stated!)).toBe(gstOf(platter.paymentId));
    expect(centsIn(corrected!)).toBe(result.corrections[0]!.gstCents);

    // A two-monthly or six-monthly period holding the month totals the same.
    const twoMonthly = await summaryOf(merchant, 2, addMonths(month, 1));
    expect(twoMonthly.totals).toEqual(result.totals);
    const sixMonthly = await summaryOf(merchant, 6, month);
    expect(sixMonthly.totals).toEqual(result.totals);
    expect(sixMonthly.firstMonth).toBe(addMonths(month, -5));
  });

  it('never includes another merchant’s payments', async () => {
    const theirs = await summaryOf(other, 1, month);
    expect(theirs.receipts.map((line) => line.paymentId)).toEqual([ids.theirs]);
    expect(theirs.totals.gstCollectedCents).toBe(600);
    const ours = await summaryOf(merchant, 1, month);
    expect(ours.receipts.map((line) => line.paymentId)).not.toContain(ids.theirs);
  });

  it('is empty for a period without payments', async () => {
    const before = await summaryOf(merchant, 1, addMonths(month, -1));
    expect(before.receipts).toEqual([]);
    expect(before.corrections).toEqual([]);
    expect(before.totals.netGstCents).toBe(0);
  });

  it('answers an unregistered merchant with no GST, and refuses a period Inland Revenue does not have', async () => {
    const unregistered = await merchantWithStripe(false);
    const order = await paid(unregistered, 'Big order', 50_000);
    const none = await summaryOf(unregistered, 1, dayInTimeZone(order.settledAt!, 'Pacific/Auckland').slice(0, 7));
    expect(none.registeredNow).toBe(false);
    expect(none.receipts).toEqual([]);
    expect(none.totals.netGstCents).toBe(0);
    expect((await summaryOf(merchant, 1, month)).registeredNow).toBe(true);

    const quarterly = await summary(merchant, 3, month);
    expect(quarterly.status).toBe(400);
    expect(JSON.stringify(await quarterly.json())).toContain('Choose a period of 1, 2 or 6 months.');
    const badMonth = await summary(merchant, 2, '2026-13');
    expect(badMonth.status).toBe(400);
    expect(JSON.stringify(await badMonth.json())).toContain('as yyyy-MM');
    expect((await env.api(`/api/me/gst-summary?months=1&lastMonth=${month}`)).status).toBe(401);
  });
});

describe('GST summary of a period after Settings → Tax changes (docs/decisions.md #97)', () => {
  it('counts each receipt as it was issued, and does not move when the settings change', async () => {
    const merchant = await merchantWithStripe(false);
    const before = await paid(merchant, 'Before registering', 11_500);
    const registered = await send(
      '/api/me/tax',
      'PUT',
      { gstRegistered: true, gstNumber: '49-091-850', legalName: 'Kōwhai Cafe Limited', address: '1 Queen St' },
      merchant.accessToken,
    );
    expect(registered.status).toBe(200);
    // $200 and a 10% tip, part of the supply by default: GST on $220 is 2869.56… → 2870 cents.
    const tipped = await paid(merchant, 'Platter', 20_000, 10);
    expect(tipped.totalCents).toBe(22_000);
    const refund = await send(
      `/api/me/payments/${tipped.paymentId}/refunds`,
      'POST',
      { amountCents: 22_000, reason: 'requested_by_customer' },
      merchant.accessToken,
    );
    expect(refund.status).toBe(201);
    await env.settle();

    const periodMonth = dayInTimeZone(tipped.settledAt!, 'Pacific/Auckland').slice(0, 7);
    const issued = await summaryOf(merchant, 1, periodMonth);
    // The payment receipted before registering carries no GST, so it is no receipt of the summary's.
    expect(issued.receipts.map((line) => line.paymentId)).not.toContain(before.paymentId);
    expect(issued.receipts.map((line) => [line.paymentId, line.supplyCents, line.gstCents])).toEqual([
      [tipped.paymentId, 22_000, 2870],
    ]);
    expect(issued.corrections.map((line) => line.gstCents)).toEqual([2870]);

    // A new GST number and tips outside the supply (which would make it GST on $200, 2609 cents).
    const changed = await send(
      '/api/me/tax',
      'PUT',
      {
        gstRegistered: true,
        gstNumber: '12-345-674',
        legalName: 'Kōwhai Holdings Limited',
        address: '2 Lambton Quay',
        tipTreatment: 'outside-supply',
      },
      merchant.accessToken,
    );
    expect(changed.status).toBe(200);
    expect(await summaryOf(merchant, 1, periodMonth)).toEqual(issued);
  });
});

describe('GST summary of a merchant no longer registered (docs/decisions.md #104)', () => {
  it('shows the GST their receipts stated, says they are not registered now, and refuses only what is unknown', async () => {
    const merchant = await merchantWithStripe(true);
    const lunch = await paid(merchant, 'Lunch', 11_500);
    const older = await paid(merchant, 'Older lunch', 2300);
    const periodMonth = dayInTimeZone(lunch.settledAt!, 'Pacific/Auckland').slice(0, 7);
    const registered = await summaryOf(merchant, 1, periodMonth);
    expect(registered.registeredNow).toBe(true);

    const deregistered = await send('/api/me/tax', 'PUT', { gstRegistered: false }, merchant.accessToken);
    expect(deregistered.status, await deregistered.clone().text()).toBe(200);
    const past = await summaryOf(merchant, 1, periodMonth);
    expect(past.registeredNow).toBe(false);
    expect(past.receipts.map((line) => [line.paymentId, line.gstCents])).toEqual(
      registered.receipts.map((line) => [line.paymentId, line.gstCents]),
    );
    expect(past.totals).toEqual(registered.totals);
    expect(past.totals.gstCollectedCents).toBe(1500 + 300);

    // A receipt issued before receipts kept their settings (none kept on the row): registered or not then is
    // unknown now, so that period is refused in words — and only that one.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.payments,
        Key: { paymentId: older.paymentId },
        UpdateExpression: 'REMOVE receiptTax',
      }),
    );
    const refused = await summary(merchant, 1, periodMonth);
    expect(refused.status).toBe(409);
    const error = apiErrorSchema.parse(await refused.json());
    expect(error.code).toBe('gst_receipts_unknown');
    expect(error.message).toMatch(/A receipt in this period was issued before Paylink kept the GST registration/);
    expect(error.message).toMatch(/not registered for GST in Settings → Tax now/);
    expect((await summary(merchant, 1, addMonths(periodMonth, -1))).status).toBe(200);
  });
});

describe('a receipt after the merchant’s time zone changes (docs/decisions.md #104)', () => {
  it('keeps the date it was issued with, and stays in the GST period of that date', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: every instant is another day in each.
    const merchant = await merchantWithStripe(true, 'Pacific/Kiritimati');
    const lunch = await paid(merchant, 'Lunch', 11_500);
    const refund = await send(
      `/api/me/payments/${lunch.paymentId}/refunds`,
      'POST',
      { amountCents: 2300, reason: 'requested_by_customer' },
      merchant.accessToken,
    );
    expect(refund.status).toBe(201);
    await env.settle();
    const issuedDay = dayInTimeZone(lunch.settledAt!, 'Pacific/Kiritimati');
    const month = issuedDay.slice(0, 7);
    const receiptPage = async () => (await fetch(`${env.baseUrl}/r/${lunch.receiptToken as string}`)).text();
    const longDate = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Kiritimati', dateStyle: 'long' }).format(
      new Date(lunch.settledAt!),
    );
    expect(await receiptPage()).toContain(longDate);
    const before = await summaryOf(merchant, 1, month);
    expect(before.receipts.map((line) => [line.paymentId, line.day])).toEqual([[lunch.paymentId, issuedDay]]);

    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: merchant.sub },
        UpdateExpression: 'SET #zone = :zone',
        ExpressionAttributeNames: { '#zone': 'timeZone' },
        ExpressionAttributeValues: { ':zone': 'Pacific/Pago_Pago' },
      }),
    );
    const page = await receiptPage();
    expect(page).toContain(longDate);
    expect(page).not.toContain(
      new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Pago_Pago', dateStyle: 'long' }).format(
        new Date(lunch.settledAt!),
      ),
    );
    const after = await summaryOf(merchant, 1, month);
    expect(after.timeZone).toBe('Pacific/Pago_Pago');
    expect(after.receipts).toEqual(before.receipts);
    expect(after.corrections).toEqual(before.corrections);
    expect(after.totals).toEqual(before.totals);
  });
});
