/**
 * The GST return worksheet and Paylink's fee statement (docs/decisions.md #123, #124):
 * the boxes' arithmetic at edge amounts (a cent, the amounts where 3/23 rounds up or down, the largest
 * period Paylink totals, a period whose corrections outweigh its sales), the note where each receipt's
 * s19O rounding differs from 3/23 of their total, the fee given back with refunds, and both CSVs.
 */
import { describe, expect, it } from 'vitest';
import { gstReturnBoxes, gstReturnWorksheet, type GstReturnInputs } from '@functions/domain/gst-return';
import { MAX_PAYMENTS_READ } from '@functions/domain/gst-summary';
import type { MerchantRecord } from '@functions/domain/merchants';
import { feeLinesOf, feeStatement, feeTotalsOf, returnedFees } from '@functions/domain/paylink-fees';
import type { PaymentRecord } from '@functions/domain/payments';
import { feeStatementCsv } from '@shared/fee-statement-csv';
import { PAYMENT_MAX_CENTS } from '@shared/money';
import { gstReturnCsv, gstReturnNotes } from '@shared/gst-return-csv';
import { parseCsv } from '../support/csv';

const noFees: Omit<GstReturnInputs, 'salesCents' | 'correctionsGstCents'> = {
  zeroRatedCents: 0,
  paylinkFeesCents: 0,
  paylinkFeesReturnedCents: 0,
  paylinkGstRegistered: false,
};

describe('GST return boxes', () => {
  it('is all zero for a period without sales or fees', () => {
    expect(Object.values(gstReturnBoxes({ ...noFees, salesCents: 0, correctionsGstCents: 0 }))).toEqual(
      Array(11).fill(0),
    );
  });

  it('takes 3/23 of Box 7 rounded as s19O says, at the amounts where it turns', () => {
    // 3 × 3 / 23 = 0.39 → 0; 3 × 4 / 23 = 0.52 → 1; 3 × 23 / 23 = 3 exactly; 3 × 11_500 / 23 = 1_500.
    const box8 = (sales: number) => gstReturnBoxes({ ...noFees, salesCents: sales, correctionsGstCents: 0 }).box8;
    expect([1, 3, 4, 23, 11_500, 1001].map(box8)).toEqual([0, 0, 1, 3, 1500, 131]);
  });

  it('holds exact cents at the largest period Paylink totals', () => {
    const sales = MAX_PAYMENTS_READ * PAYMENT_MAX_CENTS; // $5 billion, 5 × 10^11 cents
    const boxes = gstReturnBoxes({ ...noFees, salesCents: sales, correctionsGstCents: 0 });
    // 3 × 5 × 10^11 / 23 = 65_217_391_304.34… cents.
    expect(boxes.box8).toBe(65_217_391_304);
    expect(boxes.box15).toBe(65_217_391_304);
  });

  it('takes zero-rated supplies out before 3/23, and corrections as credit adjustments', () => {
    const boxes = gstReturnBoxes({ ...noFees, salesCents: 23_000, zeroRatedCents: 4_600, correctionsGstCents: 300 });
    expect(boxes).toMatchObject({ box5: 23_000, box6: 4_600, box7: 18_400, box8: 2_400, box13: 300, box14: 300 });
    expect(boxes.box15).toBe(2_100);
  });

  it('is a refund (Box 15 negative) when the period’s corrections outweigh its sales', () => {
    const boxes = gstReturnBoxes({ ...noFees, salesCents: 1_150, correctionsGstCents: 3_000 });
    expect(boxes.box10).toBe(150);
    expect(boxes.box15).toBe(150 - 3_000);
  });

  it('claims Paylink’s fees only when Paylink is registered, and returns the GST in fees given back', () => {
    const fees = { salesCents: 0, correctionsGstCents: 0, zeroRatedCents: 0, paylinkFeesCents: 2_300 };
    const unregistered = gstReturnBoxes({ ...fees, paylinkFeesReturnedCents: 230, paylinkGstRegistered: false });
    expect([unregistered.box9, unregistered.box11, unregistered.box12]).toEqual([0, 0, 0]);
    const registered = gstReturnBoxes({ ...fees, paylinkFeesReturnedCents: 230, paylinkGstRegistered: true });
    expect(registered).toMatchObject({ box9: 30, box10: 30, box11: 2_300, box12: 300, box14: 300, box15: -270 });
  });
});

const merchant = {
  merchantId: 'm_1',
  email: 'owner@kowhai.example',
  fullName: 'Aroha Owner',
  companyName: 'Kōwhai Ltd',
  timeZone: 'Pacific/Auckland',
  tax: {
    gstRegistered: true,
    gstNumber: '49091850',
    legalName: 'Kōwhai Café',
    address: null,
    tipTreatment: 'part-of-supply',
  },
} as MerchantRecord;

let next = 0;
function payment(totalCents: number, settledAt: string, refunds: PaymentRecord['refunds'] = {}): PaymentRecord {
  next += 1;
  return {
    paymentId: `pay_${next}`,
    merchantId: 'm_1',
    status: 'succeeded',
    currency: 'nzd',
    baseCents: totalCents,
    tipCents: 0,
    totalCents,
    productFeeCents: Math.round(totalCents / 200),
    linkTitle: 'Scone',
    createdAt: settledAt,
    settledAt,
    receiptNumber: next,
    refunds,
  } as PaymentRecord;
}
const refund = (refundId: string, amountCents: number, createdAt: string, position: number) => ({
  [refundId]: {
    refundId,
    amountCents,
    createdAt,
    position,
    currency: 'nzd',
    status: 'succeeded',
    reason: null,
    failureReason: null,
  },
});

function deps(payments: PaymentRecord[], paylinkGstNumber: string | null) {
  return {
    merchants: { get: async (id: string) => (id === merchant.merchantId ? merchant : undefined) },
    payments: {
      listSucceededCreatedBetween: async (merchantId: string, from: string, to: string) => ({
        payments: payments.filter((p) => p.merchantId === merchantId && p.createdAt >= from && p.createdAt < to),
        complete: true,
      }),
    },
    paylinkGstNumber,
    now: new Date('2026-05-10T00:00:00Z'),
  };
}

describe('GST return worksheet', () => {
  it('notes where the receipts’ own rounding differs from 3/23 of their total', async () => {
    // Three $0.04 receipts state 1 cent of GST each (0.52 → 1); 3/23 of their $0.12 is 1.57 → 2 cents.
    const payments = [4, 4, 4].map((cents) => payment(cents, '2026-04-10T00:00:00Z'));
    const worksheet = await gstReturnWorksheet('m_1', { months: 1, lastMonth: '2026-04' }, deps(payments, null));
    expect(worksheet.boxes.box8).toBe(2);
    expect(worksheet.parts).toMatchObject({ receipts: 3, receiptsGstCents: 3, roundingDifferenceCents: 1 });
    expect(gstReturnNotes(worksheet).join(' ')).toContain('3/23 of Box 7 is $0.02, $0.01 less');
  });

  it('says nothing of rounding when the receipts’ GST is 3/23 of their total', async () => {
    const payments = [payment(23_000, '2026-04-10T00:00:00Z')];
    const worksheet = await gstReturnWorksheet('m_1', { months: 1, lastMonth: '2026-04' }, deps(payments, null));
    expect(worksheet.parts.roundingDifferenceCents).toBe(0);
    expect(gstReturnNotes(worksheet).join(' ')).not.toContain('rounding');
  });

  it('counts a refund in the period of a sale before it, and Paylink’s fees when it is registered', async () => {
    const payments = [
      payment(23_000, '2026-02-10T00:00:00Z', refund('re_1', 23_000, '2026-03-05T00:00:00Z', 1)),
      payment(10_000, '2026-03-10T00:00:00Z'),
    ];
    const worksheet = await gstReturnWorksheet('m_1', { months: 2, lastMonth: '2026-04' }, deps(payments, '49091850'));
    expect(worksheet.boxes).toMatchObject({ box5: 10_000, box8: 1_304, box13: 3_000 });
    // Fees: $50 on the March sale; the February sale's $1.15 fee given back in full with its refund.
    expect(worksheet.parts).toMatchObject({ paylinkFeesCents: 50, paylinkFeesReturnedCents: 115 });
    expect(worksheet.boxes).toMatchObject({ box9: 15, box11: 50, box12: 7 });
    expect(worksheet.boxes.box15).toBe(1_304 + 15 - (7 + 3_000));
  });

  it('refuses a period that has not begun, in words', async () => {
    await expect(gstReturnWorksheet('m_1', { months: 1, lastMonth: '2026-06' }, deps([], null))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('has not begun'),
    });
  });

  it('is a CSV of the boxes in the return’s words, then the notes', async () => {
    const worksheet = await gstReturnWorksheet(
      'm_1',
      { months: 1, lastMonth: '2026-04' },
      deps([payment(11_500, '2026-04-01T00:00:00Z')], null),
    );
    const rows = parseCsv(gstReturnCsv(worksheet));
    expect(rows[0]).toEqual(['Box', 'Description', 'Amount']);
    expect(rows.slice(1, 12).map((row) => row[0])).toEqual(Array.from({ length: 11 }, (_, i) => `Box ${i + 5}`));
    expect(rows.find((row) => row[0] === 'Box 5')?.[2]).toBe('115.00');
    expect(rows.find((row) => row[0] === 'Box 8')?.[2]).toBe('15.00');
    expect(rows.slice(12).every((row) => row[0] === 'Note')).toBe(true);
  });
});

describe('Paylink’s fee statement', () => {
  it('gives back the fee in proportion to each refund, and all of it once fully refunded', () => {
    const paid = payment(10_000, '2026-04-01T00:00:00Z', {
      ...refund('re_a', 2_300, '2026-04-02T00:00:00Z', 1),
      ...refund('re_b', 2_300, '2026-04-03T00:00:00Z', 2),
      ...refund('re_c', 5_400, '2026-04-04T00:00:00Z', 3),
    });
    // 50 × 23% = 11.5 → 12; 50 × 46% = 23 → 11 more; the rest, 27, with the last.
    expect([...returnedFees(paid).values()]).toEqual([12, 11, 27]);
  });

  it('totals a month’s fees less those given back, with GST only when Paylink is registered', () => {
    const payments = [
      payment(23_000, '2026-04-01T00:00:00Z', refund('re_1', 11_500, '2026-05-01T00:00:00Z', 1)),
      payment(1_001, '2026-04-30T11:00:00Z'),
      // 1 May in Auckland: the next month's.
      payment(5_000, '2026-04-30T13:00:00Z'),
    ];
    const lines = feeLinesOf(payments, merchant, { fromDay: '2026-04-01', toDay: '2026-04-30' });
    expect(lines.map((line) => line.feeCents)).toEqual([115, 5]);
    expect(feeTotalsOf(lines, false)).toEqual({
      chargedCents: 120,
      returnedCents: 0,
      netCents: 120,
      chargedGstCents: null,
      returnedGstCents: null,
      netGstCents: null,
    });
    const may = feeLinesOf(payments, merchant, { fromDay: '2026-05-01', toDay: '2026-05-31' });
    expect(feeTotalsOf(may, true)).toMatchObject({
      chargedCents: 25,
      returnedCents: 58,
      netCents: -33,
      netGstCents: -4,
    });
  });

  it('is Paylink’s tax invoice when registered and says so in its CSV, inert against formulas', async () => {
    const paid = payment(23_000, '2026-04-01T00:00:00Z');
    paid.linkTitle = '=HYPERLINK("x")';
    const statement = await feeStatement('m_1', { month: '2026-04' }, deps([paid], '49091850'));
    expect(statement).toMatchObject({
      supplier: { name: 'Paylink', gstNumber: '49-091-850' },
      recipient: { name: 'Kōwhai Café', email: 'owner@kowhai.example', address: null },
      issuedDay: '2026-04-30',
      monthComplete: true,
      totals: { chargedCents: 115, netCents: 115, netGstCents: 15 },
    });
    const rows = parseCsv(feeStatementCsv(statement));
    expect(rows[1]?.[0]).toBe('Tax invoice: Paylink fees');
    expect(rows.find((row) => row[0] === 'Supplier GST number')?.[1]).toBe('49-091-850');
    expect(rows.find((row) => row[0] === 'Paylink fee')?.[3]).toBe('\'=HYPERLINK("x")');
    expect(rows.find((row) => row[0] === 'GST included in net fees')?.[5]).toBe('0.15');
  });

  it('says Paylink is not registered and shows no GST; a running month is to date; a future month is refused', async () => {
    const statement = await feeStatement('m_1', { month: '2026-05' }, deps([], null));
    expect(statement).toMatchObject({ lines: [], monthComplete: false, issuedDay: '2026-05-10' });
    expect(statement.totals.netGstCents).toBeNull();
    const rows = parseCsv(feeStatementCsv(statement));
    expect(rows[1]?.[0]).toBe('Statement of Paylink fees');
    expect(rows.find((row) => row[0] === 'Supplier GST number')?.[1]).toContain('not registered for GST');
    await expect(feeStatement('m_1', { month: '2026-06' }, deps([], null))).rejects.toMatchObject({
      status: 400,
      message: 'June 2026 has not begun yet: choose May 2026 or an earlier month.',
    });
  });
});
