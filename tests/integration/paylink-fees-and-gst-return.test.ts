/**
 * Paylink's fee statement and the GST return worksheet (docs/decisions.md #123, #124)
 * through the local runtime: payments and a partial refund through the local Stripe, then
 * GET /api/me/paylink-fees and GET /api/me/gst-return — the fees less those given back, GST only while
 * Paylink is registered (its deployment setting), the boxes agreeing with the GST summary to the cent;
 * another merchant's payments never appear; a bad month or period is refused in words. A zero-rated link's
 * sale is in Box 5 and Box 6, a link with no GST's in no box, its fee not claimed (#136).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '@functions/environment';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { gstReturnWorksheetSchema, type GstReturnWorksheet } from '@shared/contracts/gst-return';
import { gstSummarySchema } from '@shared/contracts/gst-summary';
import { feeStatementSchema, type FeeStatement } from '@shared/contracts/paylink-fees';
import { addMonths } from '@shared/gst-periods';
import type { GstTreatment } from '@shared/gst-treatment';
import { paymentRow } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
}, 120_000);
afterAll(async () => {
  delete process.env[ENV.paylinkGstNumber];
  await env?.stop();
});

async function registeredMerchant(companyName: string): Promise<TestMerchant> {
  const merchant = await env.connectedMerchant({ companyName });
  await env.registerForGst(merchant);
  return merchant;
}

async function paid(owner: TestMerchant, title: string, amountCents: number, gstTreatment?: GstTreatment) {
  const { paymentId, paid } = await env.paidPayment(
    owner,
    { title, isOpenAmount: false, amountCents, tipPercent: null, ...(gstTreatment && { gstTreatment }) },
    { tip: 'none', payer: { email: 'aroha@example.co.nz', name: 'Aroha Payer' } },
  );
  expect(paid.status).toBe(303);
  return paymentRow(env, paymentId);
}

async function statementOf(owner: TestMerchant, month: string): Promise<FeeStatement> {
  const response = await env.api(`/api/me/paylink-fees?month=${month}`, { token: owner.accessToken });
  expect(response.status, await response.clone().text()).toBe(200);
  return feeStatementSchema.parse(await response.json());
}

async function worksheetOf(owner: TestMerchant, months: number, lastMonth: string): Promise<GstReturnWorksheet> {
  const response = await env.api(`/api/me/gst-return?months=${months}&lastMonth=${lastMonth}`, {
    token: owner.accessToken,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return gstReturnWorksheetSchema.parse(await response.json());
}

describe('Paylink’s fee statement and the GST return worksheet', () => {
  let merchant: TestMerchant;
  let other: TestMerchant;
  let month: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    merchant = await registeredMerchant('Kōwhai Cafe');
    other = await registeredMerchant('Rātā Bakery');
    const platter = await paid(merchant, 'Catering platter', 23_000);
    const scone = await paid(merchant, 'Scone', 1001);
    const theirs = await paid(other, 'Their pie', 4600);
    Object.assign(ids, { platter: platter.paymentId, scone: scone.paymentId, theirs: theirs.paymentId });
    const refund = await env.api(`/api/me/payments/${platter.paymentId}/refunds`, {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountCents: 2300, reason: 'requested_by_customer' }),
    });
    expect(refund.status).toBe(201);
    await env.settle();
    month = dayInTimeZone((await paymentRow(env, platter.paymentId)).settledAt!, 'Pacific/Auckland').slice(0, 7);
  }, 120_000);

  it('states the month’s fees less those given back, with no GST while Paylink is not registered', async () => {
    delete process.env[ENV.paylinkGstNumber];
    const statement = await statementOf(merchant, month);
    expect(statement.supplier).toEqual({ name: 'Paylink', gstNumber: null });
    expect(statement.recipient).toMatchObject({ email: merchant.email });
    // 0.5% of $230 and of $10.01; 10% of the platter refunded gives back 10% of its fee, 11.5 → 12 cents.
    expect(statement.lines.map((line) => [line.paymentId, line.kind, line.feeCents])).toEqual(
      expect.arrayContaining([
        [ids.platter, 'fee', 115],
        [ids.scone, 'fee', 5],
        [ids.platter, 'returned', -12],
      ]),
    );
    expect(statement.lines).toHaveLength(3);
    expect(statement.totals).toEqual({
      chargedCents: 120,
      returnedCents: 12,
      netCents: 108,
      chargedGstCents: null,
      returnedGstCents: null,
      netGstCents: null,
    });
  });

  it('is Paylink’s tax invoice, with its GST number and the GST in its fees, once Paylink is registered', async () => {
    process.env[ENV.paylinkGstNumber] = '49-091-850';
    try {
      const statement = await statementOf(merchant, month);
      expect(statement.supplier).toEqual({ name: 'Paylink', gstNumber: '49-091-850' });
      // 3/23 of 120 = 15.65 → 16; of 12 = 1.57 → 2; of 108 = 14.09 → 14 (s19O).
      expect(statement.totals).toMatchObject({ chargedGstCents: 16, returnedGstCents: 2, netGstCents: 14 });

      const worksheet = await worksheetOf(merchant, 1, month);
      const summaryResponse = await env.api(`/api/me/gst-summary?months=1&lastMonth=${month}`, {
        token: merchant.accessToken,
      });
      const summary = gstSummarySchema.parse(await summaryResponse.json());
      expect(worksheet.paylinkGstRegistered).toBe(true);
      expect(worksheet.boxes).toEqual({
        box5: summary.totals.salesCents,
        box6: 0,
        box7: 24_001,
        // 3/23 of $240.01 = 3130.57 → 3131, the receipts' 3000 + 131 to the cent.
        box8: 3131,
        box9: 2,
        box10: 3133,
        box11: 120,
        box12: 16,
        box13: summary.totals.gstCorrectedCents,
        box14: 316,
        box15: 3133 - 316,
      });
      expect(worksheet.parts).toMatchObject({
        receipts: 2,
        corrections: 1,
        receiptsGstCents: summary.totals.gstCollectedCents,
        roundingDifferenceCents: 0,
      });
    } finally {
      delete process.env[ENV.paylinkGstNumber];
    }
  });

  it('never shows another merchant’s payments or fees', async () => {
    const theirs = await statementOf(other, month);
    expect(theirs.lines.map((line) => line.paymentId)).toEqual([ids.theirs]);
    expect(theirs.totals.netCents).toBe(23);
    const ours = await statementOf(merchant, month);
    expect(ours.lines.map((line) => line.paymentId)).not.toContain(ids.theirs);
    const theirWorksheet = await worksheetOf(other, 1, month);
    expect(theirWorksheet.boxes.box5).toBe(4600);
    expect(theirWorksheet.parts.receipts).toBe(1);
  });

  it('says a month without fees has none, and refuses a bad month or period in words', async () => {
    const before = await statementOf(merchant, addMonths(month, -1));
    expect(before.lines).toEqual([]);
    expect(before.totals.netCents).toBe(0);

    const refusals: [string, string][] = [
      [`/api/me/paylink-fees?month=${addMonths(month, 2)}`, 'has not begun yet'],
      ['/api/me/paylink-fees?month=2026-13', 'Choose the month of the statement, as yyyy-MM.'],
      ['/api/me/paylink-fees', 'Choose the month of the statement, as yyyy-MM.'],
      [`/api/me/gst-return?months=3&lastMonth=${month}`, 'Choose a period of 1, 2 or 6 months.'],
      ['/api/me/gst-return?months=2&lastMonth=April', 'Choose the month the period ends in, as yyyy-MM.'],
      [`/api/me/gst-return?months=1&lastMonth=${addMonths(month, 2)}`, 'That GST period has not begun yet'],
    ];
    for (const [path, words] of refusals) {
      const response = await env.api(path, { token: merchant.accessToken });
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(await response.json()), path).toContain(words);
    }
    expect((await env.api(`/api/me/paylink-fees?month=${month}`)).status).toBe(401);
    expect((await env.api(`/api/me/gst-return?months=1&lastMonth=${month}`)).status).toBe(401);
  });
});

describe('a link’s GST treatment in the worksheet (docs/decisions.md #136)', () => {
  it('puts a zero-rated sale in Box 5 and Box 6, a sale with no GST nowhere, and claims no fee on it', async () => {
    const owner = await registeredMerchant('Tūī Design');
    const standard = await paid(owner, 'Logo', 23_000);
    const zeroRated = await paid(owner, 'Brand guide for a client in Sydney', 46_000, 'zero-rated');
    const gift = await paid(owner, 'Donation', 5_000, 'no-gst');
    // Each payment keeps its link's treatment; one made without a choice is standard.
    expect([standard.gstTreatment, zeroRated.gstTreatment, gift.gstTreatment]).toEqual([
      'standard',
      'zero-rated',
      'no-gst',
    ]);
    const thisMonth = dayInTimeZone(zeroRated.settledAt!, 'Pacific/Auckland').slice(0, 7);
    process.env[ENV.paylinkGstNumber] = '49-091-850';
    try {
      const { boxes, parts } = await worksheetOf(owner, 1, thisMonth);
      expect(boxes).toMatchObject({ box5: 69_000, box6: 46_000, box7: 23_000, box8: 3000 });
      // Paylink's fees on the logo and the brand guide (115 + 230), not on the donation's 25.
      expect([boxes.box11, parts.receipts]).toEqual([345, 2]);
    } finally {
      delete process.env[ENV.paylinkGstNumber];
    }
  });
});
