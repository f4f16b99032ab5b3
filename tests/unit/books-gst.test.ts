/**
 * The books agree (docs/decisions.md #118 … #121): the precoded Xero file's rows, coded as
 * they are, book the GST the GST summary states, for any mix of prices, tips inside or outside the supply,
 * refunds (partial, tip-only, full), disputes won or lost, failed payouts and links standard-rated,
 * zero-rated or carrying no GST (#136); Stripe's fees never carry
 * GST; Paylink's fee carries it only when Paylink is registered; and the clearing account comes back to zero.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstInInclusiveCents } from '@functions/domain/gst';
import { summarise } from '@functions/domain/gst-summary';
import type { MerchantRecord } from '@functions/domain/merchants';
import type { StoredRefund } from '@functions/domain/money-records';
import type { PaymentRecord } from '@functions/domain/payments';
import { withTaxableCents, type PaylinkGst } from '@functions/domain/payout-line-gst';
import { linesOfTransaction, type LinePayment } from '@functions/domain/payouts';
import type { StripeBalanceTransaction } from '@functions/domain/stripe-port';
import type { PayoutLine, PayoutStatus } from '@shared/contracts/payouts';
import type { TipGstTreatment } from '@shared/contracts/tax';
import { GST_TREATMENTS, type GstTreatment } from '@shared/gst-treatment';
import {
  XERO_TAX_RATES,
  linesTotalCents,
  xeroGstCents,
  xeroRowsOfPayouts,
  type XeroPayout,
  type XeroRow,
} from '@shared/xero-csv';

const TIME_ZONE = 'Pacific/Auckland';
const PERIOD = {
  months: 2,
  firstMonth: '2026-11',
  lastMonth: '2026-12',
  fromDay: '2026-11-01',
  toDay: '2026-12-31',
  timeZone: TIME_ZONE,
};
const REGISTERED: PaylinkGst = { gstNumber: '49091850' };
const NOT_REGISTERED: PaylinkGst = { gstNumber: null };
const STRIPE_DISPUTE_FEE = 2_500;

const merchant = {
  merchantId: 'm1',
  email: 'owner@example.co.nz',
  fullName: 'Aroha Owner',
  timeZone: TIME_ZONE,
  tax: {
    gstRegistered: true,
    gstNumber: '49091850',
    legalName: 'Kōwhai Cafe Limited',
    address: null,
    tipTreatment: 'part-of-supply',
  },
} as MerchantRecord;

interface SaleSpec {
  baseCents: number;
  tipCents: number;
  tips: TipGstTreatment;
  treatment: GstTreatment;
  receiptGstRegistered: boolean;
  refunds: ('tip' | 'rest' | number)[];
  dispute: 'none' | 'won' | 'lost';
}

/** A settled payment as the sale says, its refunds as Stripe would allow them (never more than is left). */
function paymentOf(sale: SaleSpec, index: number): PaymentRecord {
  const total = sale.baseCents + sale.tipCents;
  let left = total;
  let tipLeft = sale.tipCents;
  const refunds: Record<string, StoredRefund> = {};
  sale.refunds.forEach((wanted, position) => {
    const amount = wanted === 'tip' ? Math.min(tipLeft, left) : wanted === 'rest' ? left : Math.min(wanted, left);
    if (amount <= 0) return;
    if (wanted === 'tip') tipLeft = 0;
    left -= amount;
    const refundId = `re_${index}_${position}`;
    refunds[refundId] = {
      refundId,
      amountCents: amount,
      currency: 'nzd',
      status: 'succeeded',
      reason: null,
      failureReason: null,
      createdAt: '2026-11-28T01:00:00.000Z',
      position: position + 1,
    };
  });
  return {
    paymentId: `pay_${index}`,
    merchantId: 'm1',
    linkId: 'l1',
    linkTitle: 'Catering platter',
    linkDescription: null,
    gstTreatment: sale.treatment,
    stripeAccountId: 'acct_1',
    currency: 'nzd',
    baseCents: sale.baseCents,
    tipCents: sale.tipCents,
    tipPercent: null,
    totalCents: total,
    productFeeCents: Math.round(total * 0.005),
    status: 'succeeded',
    statusRank: 3,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    chargedAt: '2026-11-27T00:00:00.000Z',
    receiptNumber: index + 1,
    receiptTax: {
      gstRegistered: sale.receiptGstRegistered,
      gstNumber: sale.receiptGstRegistered ? '49091850' : null,
      supplierName: 'Kōwhai Cafe Limited',
      address: null,
      tipTreatment: sale.tips,
      timeZone: TIME_ZONE,
    },
    refunds,
    ...(sale.dispute !== 'none' && {
      dispute: {
        disputeId: `dp_${index}`,
        status: sale.dispute,
        reason: 'fraudulent',
        amountCents: left,
        currency: 'nzd',
        evidenceDueBy: null,
        createdAt: '2026-11-29T01:00:00.000Z',
        ...(sale.dispute === 'lost' && { lostAt: '2026-12-10T01:00:00.000Z' }),
      },
    }),
  };
}

function transaction(fields: Partial<StripeBalanceTransaction> & { amount: number }): StripeBalanceTransaction {
  const base = {
    id: 'txn',
    fee: 0,
    currency: 'nzd',
    type: 'charge',
    created: Date.UTC(2026, 10, 27) / 1000,
    fee_details: [],
    source: null,
    ...fields,
  };
  return { ...base, net: base.amount - base.fee };
}

/** The payout lines Stripe's balance transactions make of one payment, coded as the recorder codes them. */
function linesOfPayment(payment: PaymentRecord, paylink: PaylinkGst): PayoutLine[] {
  const about: LinePayment = {
    paymentId: payment.paymentId,
    payerName: 'Mere',
    linkTitle: payment.linkTitle,
    receiptNumber: payment.receiptNumber ?? null,
    receiptGstRegistered: payment.receiptTax?.gstRegistered ?? null,
  };
  const stripeFee = 30 + Math.round(payment.totalCents * 0.027);
  const transactions = [
    transaction({
      amount: payment.totalCents,
      fee: stripeFee + payment.productFeeCents,
      fee_details: [
        { type: 'stripe_fee', amount: stripeFee },
        { type: 'application_fee', amount: payment.productFeeCents },
      ],
      source: `ch_${payment.paymentId}`,
    }),
    ...Object.values(payment.refunds ?? {}).map((refund) =>
      transaction({ type: 'refund', amount: -refund.amountCents, source: refund.refundId }),
    ),
  ];
  const dispute = payment.dispute;
  if (dispute) {
    transactions.push(
      transaction({
        type: 'adjustment',
        amount: -dispute.amountCents,
        fee: STRIPE_DISPUTE_FEE,
        fee_details: [{ type: 'stripe_fee', amount: STRIPE_DISPUTE_FEE }],
        source: dispute.disputeId,
      }),
    );
    if (dispute.status === 'won')
      transactions.push(transaction({ type: 'adjustment', amount: dispute.amountCents, source: dispute.disputeId }));
  }
  return transactions.flatMap((item) => withTaxableCents(linesOfTransaction(item, about), payment, merchant, paylink));
}

/** The lines in payouts: the first one failed when asked, its money returned in the next (never the last). */
function payoutsOf(lines: PayoutLine[], count: number, firstFails: boolean): XeroPayout[] {
  const size = Math.ceil(lines.length / count);
  const payouts: XeroPayout[] = [];
  for (let start = 0, index = 0; start < lines.length; start += size, index++) {
    payouts.push({
      payoutId: `po_${index}`,
      status: 'paid' as PayoutStatus,
      amountCents: 0,
      arrivalDate: '2026-12-01T00:00:00.000Z',
      lines: lines.slice(start, start + size),
    });
  }
  if (firstFails && payouts.length > 1) {
    const failed = payouts[0]!;
    failed.status = 'failed';
    payouts[1]!.lines.push({
      kind: 'payout_failure',
      amountCents: linesTotalCents(failed.lines),
      createdAt: '2026-12-02T00:00:00.000Z',
      paymentId: null,
      payerName: null,
      linkTitle: null,
      sourceId: failed.payoutId,
      taxableCents: 0,
    });
  }
  for (const payout of payouts) payout.amountCents = linesTotalCents(payout.lines);
  return payouts;
}

const anySale: fc.Arbitrary<SaleSpec> = fc.record({
  baseCents: fc.integer({ min: 50, max: 2_000_000 }),
  tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300_000 })),
  tips: fc.constantFrom<TipGstTreatment>('part-of-supply', 'outside-supply'),
  treatment: fc.constantFrom(...GST_TREATMENTS),
  receiptGstRegistered: fc.boolean(),
  refunds: fc.array(
    fc.oneof(fc.constant('tip' as const), fc.constant('rest' as const), fc.integer({ min: 1, max: 2_300_000 })),
    {
      maxLength: 4,
    },
  ),
  dispute: fc.constantFrom<SaleSpec['dispute']>('none', 'won', 'lost'),
});

function booksOf(sales: SaleSpec[], paylink: PaylinkGst, payoutCount: number, firstFails: boolean) {
  const payments = sales.map(paymentOf);
  const lines = payments.flatMap((payment) => linesOfPayment(payment, paylink));
  const rows = xeroRowsOfPayouts(payoutsOf(lines, payoutCount, firstFails), { gstRegistered: true });
  return { payments, lines, rows, summary: summarise(payments, merchant, PERIOD) };
}

describe('property: the precoded Xero file books the GST the summary states', () => {
  it('for any mix of prices, tips, refunds, disputes and failed payouts, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(anySale, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (sales, paylinkRegistered, payoutCount, firstFails) => {
          const paylink = paylinkRegistered ? REGISTERED : NOT_REGISTERED;
          const { lines, rows, summary } = booksOf(sales, paylink, payoutCount, firstFails);
          // GST on income: receipts less supply corrections, as the summary nets them.
          expect(xeroGstCents(rows)).toBe(summary.totals.netGstCents);
          // GST on expenses: Paylink's fee only, and only when Paylink is registered; never Stripe's fees, nor
          // the fee on a sale that is no taxable supply (#136).
          const paylinkFees = lines.filter(
            (line) =>
              (line.kind === 'paylink_fee' || line.kind === 'fee_refund') &&
              sales[Number(line.paymentId!.slice('pay_'.length))]!.treatment !== 'no-gst',
          );
          expect(xeroGstCents(rows, XERO_TAX_RATES.expenses)).toBe(
            paylinkRegistered ? paylinkFees.reduce((sum, line) => sum + gstInInclusiveCents(line.amountCents), 0) : 0,
          );
          // The clearing account comes back to zero over the payouts' files.
          expect(linesTotalCents(rows)).toBe(0);
          // The rows coded as supplies (at 15% or 0%) are the summary's sales less what its refunds gave back;
          // those coded "Zero Rated" are its zero-rated ones: the GST return's Box 5 and Box 6 (#136).
          const coded = (...rates: string[]) => linesTotalCents(rows.filter((row) => rates.includes(row.taxRate)));
          expect(coded(XERO_TAX_RATES.income, XERO_TAX_RATES.zeroRated)).toBe(
            summary.totals.salesCents - summary.totals.refundedCents,
          );
          const zeroRated = <T extends { gstTreatment: string; supplyCents: number }>(lines: T[]) =>
            linesTotalCents(
              lines
                .filter((line) => line.gstTreatment === 'zero-rated')
                .map((line) => ({ amountCents: line.supplyCents })),
            );
          expect(zeroRated(summary.receipts)).toBe(summary.totals.zeroRatedCents);
          expect(coded(XERO_TAX_RATES.zeroRated)).toBe(summary.totals.zeroRatedCents - zeroRated(summary.corrections));
        },
      ),
      { numRuns: 150 },
    );
    // Each run summarises and codes up to a dozen sales: on a busy machine 150 runs take seconds, not 5.
  }, 30_000);

  it('a fully refunded sale gives back exactly the supply it sold, whatever its tip', () => {
    fc.assert(
      fc.property(anySale, (sale) => {
        const { summary } = booksOf(
          [{ ...sale, receiptGstRegistered: true, refunds: ['rest'], dispute: 'none' }],
          NOT_REGISTERED,
          1,
          false,
        );
        expect(summary.totals.refundedCents).toBe(summary.totals.salesCents);
        expect(summary.totals.netGstCents).toBe(0);
      }),
    );
  });
});

describe('the books at the edge amounts', () => {
  const outside = (refunds: SaleSpec['refunds'], dispute: SaleSpec['dispute'] = 'none'): SaleSpec => ({
    baseCents: 10_000,
    tipCents: 1_500,
    tips: 'outside-supply',
    treatment: 'standard',
    receiptGstRegistered: true,
    refunds,
    dispute,
  });
  const coded = (rows: XeroRow[]) => rows.map((row) => [row.amountCents, row.taxRate, row.accountCode]);

  it('$100 + $15 tip outside GST: $100 with GST $13.04, the tip without', () => {
    const { rows, summary } = booksOf([outside([])], NOT_REGISTERED, 1, false);
    expect(coded(rows).slice(0, 2)).toEqual([
      [10_000, XERO_TAX_RATES.income, '200'],
      [1_500, XERO_TAX_RATES.none, '200'],
    ]);
    expect(rows[1]!.description).toBe('Catering platter (tip, not part of the GST-inclusive price)');
    expect(xeroGstCents(rows)).toBe(1_304);
    expect(summary.totals.gstCollectedCents).toBe(1_304);
  });

  it('a zero-rated sale is coded "Zero Rated" and its refund too; a sale with no GST is no supply at all', () => {
    const zeroRated = booksOf([{ ...outside([2_000]), treatment: 'zero-rated' }], NOT_REGISTERED, 1, false);
    expect(coded(zeroRated.rows).filter(([, rate]) => rate !== XERO_TAX_RATES.none)).toEqual([
      [10_000, XERO_TAX_RATES.zeroRated, '200'],
      [-2_000, XERO_TAX_RATES.zeroRated, '200'],
    ]);
    expect(zeroRated.summary.totals).toMatchObject({ salesCents: 10_000, zeroRatedCents: 10_000, netGstCents: 0 });
    expect(xeroGstCents(zeroRated.rows)).toBe(0);

    const noGst = booksOf([{ ...outside([2_000]), treatment: 'no-gst' }], NOT_REGISTERED, 1, false);
    expect(new Set(noGst.rows.map((row) => row.taxRate))).toEqual(new Set([XERO_TAX_RATES.none]));
    expect(noGst.summary.receipts).toEqual([]);
    expect(noGst.summary.corrections).toEqual([]);
  });

  it('refunding only the $15 tip corrects no GST, in the summary and the file', () => {
    const { rows, summary } = booksOf([outside(['tip'])], NOT_REGISTERED, 1, false);
    expect(summary.totals.gstCorrectedCents).toBe(0);
    expect(summary.totals.refundedCents).toBe(0);
    expect(rows.find((row) => row.description.startsWith('Refund'))).toMatchObject({
      amountCents: -1_500,
      taxRate: XERO_TAX_RATES.none,
    });
    expect(xeroGstCents(rows)).toBe(1_304);
  });

  it('a fully refunded $100 + $15 sale shows sales $100 against refunds $100', () => {
    const { summary, rows } = booksOf([outside(['rest'])], NOT_REGISTERED, 1, false);
    expect(summary.totals).toMatchObject({ salesCents: 10_000, refundedCents: 10_000, netGstCents: 0 });
    expect(xeroGstCents(rows)).toBe(0);
  });

  it('a lost dispute corrects no GST anywhere: the sale’s GST stands, the withdrawal carries none', () => {
    const { summary, rows } = booksOf([outside([], 'lost')], NOT_REGISTERED, 1, false);
    expect(summary.corrections).toEqual([]);
    expect(summary.totals.netGstCents).toBe(1_304);
    const dispute = rows.filter((row) => row.description.startsWith('Dispute'));
    expect(dispute.map((row) => [row.amountCents, row.taxRate])).toEqual([[-11_500, XERO_TAX_RATES.none]]);
  });

  it('Stripe’s card fee and $25 dispute fee carry no GST; Paylink’s fee only when Paylink is registered', () => {
    const sale = { ...outside([], 'lost'), baseCents: 10_000, tipCents: 0 };
    const stripeRows = (paylink: PaylinkGst) =>
      booksOf([sale], paylink, 1, false).rows.filter((row) => row.payee === 'Stripe');
    expect(stripeRows(REGISTERED).map((row) => [row.amountCents, row.taxRate, row.accountCode])).toEqual([
      [-300, XERO_TAX_RATES.none, '404'],
      [-STRIPE_DISPUTE_FEE, XERO_TAX_RATES.none, '404'],
    ]);
    const paylinkRow = (paylink: PaylinkGst) =>
      booksOf([sale], paylink, 1, false).rows.find((row) => row.payee === 'Paylink');
    expect(paylinkRow(REGISTERED)).toMatchObject({ amountCents: -50, taxRate: XERO_TAX_RATES.expenses });
    expect(paylinkRow(NOT_REGISTERED)).toMatchObject({ amountCents: -50, taxRate: XERO_TAX_RATES.none });
  });

  it('a failed payout has no row to the bank, and the line returning its money is no income', () => {
    expect(
      linesOfTransaction(transaction({ type: 'payout_failure', amount: 5_000, source: 'po_0' }), {
        paymentId: null,
        payerName: null,
        linkTitle: null,
        receiptNumber: null,
        receiptGstRegistered: null,
      })[0]!.kind,
    ).toBe('payout_failure');
    const { rows } = booksOf([outside([]), outside([])], NOT_REGISTERED, 2, true);
    const toBank = rows.filter((row) => row.payee === 'Bank account');
    expect(toBank.map((row) => row.reference)).toEqual(['po_1']);
    expect(rows.some((row) => row.description.includes('returned'))).toBe(false);
    expect(linesTotalCents(rows)).toBe(0);
  });
});
