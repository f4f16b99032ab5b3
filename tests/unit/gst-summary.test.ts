/**
 * The GST summary (docs/decisions.md #84): taxable periods — monthly, two-monthly ending on the even or the
 * odd months, six-monthly ending on the balance month and six months after it — the merchant's days they
 * cover, and the CSV, whose GST column adds up to the net and whose text cannot run as a formula.
 */
import { describe, expect, it } from 'vitest';
import { summarise } from '@functions/domain/gst-summary';
import { parseCsv } from '../support/csv';
import type { MerchantRecord } from '@functions/domain/merchants';
import type { PaymentRecord } from '@functions/domain/payments';
import type { GstSummary } from '@shared/contracts/gst-summary';
import { gstSummaryCsv } from '@shared/gst-summary-csv';
import {
  DEFAULT_GST_PERIOD_CHOICE,
  addMonths,
  endsAPeriod,
  periodContaining,
  periodLabel,
  recentPeriods,
  type GstPeriodChoice,
} from '@shared/gst-periods';

const evenTwoMonthly: GstPeriodChoice = { months: 2, endsInMonth: 2 };
const oddTwoMonthly: GstPeriodChoice = { months: 2, endsInMonth: 1 };
const sixMonthlyMarch: GstPeriodChoice = { months: 6, endsInMonth: 3 };

describe('GST periods', () => {
  it('defaults to two-monthly periods ending on the even months', () => {
    expect(DEFAULT_GST_PERIOD_CHOICE).toEqual(evenTwoMonthly);
    expect(periodContaining('2026-03', DEFAULT_GST_PERIOD_CHOICE)).toEqual({
      firstMonth: '2026-03',
      lastMonth: '2026-04',
    });
  });

  it('ends two-monthly periods on the even months or the odd months, across a year end', () => {
    expect(periodContaining('2026-01', evenTwoMonthly)).toEqual({ firstMonth: '2026-01', lastMonth: '2026-02' });
    expect(periodContaining('2026-12', evenTwoMonthly)).toEqual({ firstMonth: '2026-11', lastMonth: '2026-12' });
    expect(periodContaining('2026-01', oddTwoMonthly)).toEqual({ firstMonth: '2025-12', lastMonth: '2026-01' });
    expect(periodContaining('2025-12', oddTwoMonthly)).toEqual({ firstMonth: '2025-12', lastMonth: '2026-01' });
    expect(periodContaining('2026-04', oddTwoMonthly)).toEqual({ firstMonth: '2026-04', lastMonth: '2026-05' });
    expect(['2026-02', '2026-04', '2026-12'].every((month) => endsAPeriod(month, evenTwoMonthly))).toBe(true);
    expect(['2026-01', '2026-03', '2026-11'].some((month) => endsAPeriod(month, evenTwoMonthly))).toBe(false);
  });

  it('ends six-monthly periods on the balance month and six months after it', () => {
    expect(periodContaining('2026-01', sixMonthlyMarch)).toEqual({ firstMonth: '2025-10', lastMonth: '2026-03' });
    expect(periodContaining('2026-03', sixMonthlyMarch)).toEqual({ firstMonth: '2025-10', lastMonth: '2026-03' });
    expect(periodContaining('2026-04', sixMonthlyMarch)).toEqual({ firstMonth: '2026-04', lastMonth: '2026-09' });
    const juneBalance: GstPeriodChoice = { months: 6, endsInMonth: 6 };
    expect(periodContaining('2026-11', juneBalance)).toEqual({ firstMonth: '2026-07', lastMonth: '2026-12' });
  });

  it('makes every month its own period when monthly', () => {
    expect(periodContaining('2026-07', { months: 1, endsInMonth: 1 })).toEqual({
      firstMonth: '2026-07',
      lastMonth: '2026-07',
    });
  });

  it('offers the current period and those before it, back to back', () => {
    const periods = recentPeriods('2026-05', sixMonthlyMarch, 3);
    expect(periods).toEqual([
      { firstMonth: '2026-04', lastMonth: '2026-09' },
      { firstMonth: '2025-10', lastMonth: '2026-03' },
      { firstMonth: '2025-04', lastMonth: '2025-09' },
    ]);
    expect(periods.map(periodLabel)).toEqual([
      'April – September 2026',
      'October 2025 – March 2026',
      'April – September 2025',
    ]);
    expect(addMonths('2026-01', -13)).toBe('2024-12');
  });
});

describe('the period’s merchant days', () => {
  const merchant = {
    merchantId: 'm_1',
    timeZone: 'Pacific/Auckland',
    tax: {
      gstRegistered: true,
      gstNumber: '49091850',
      legalName: 'Kōwhai Café',
      address: null,
      tipTreatment: 'part-of-supply',
    },
  } as MerchantRecord;
  const payment = (paymentId: string, settledAt: string, refunds: PaymentRecord['refunds'] = {}) =>
    ({
      paymentId,
      merchantId: 'm_1',
      status: 'succeeded',
      currency: 'nzd',
      baseCents: 23_000,
      tipCents: 0,
      totalCents: 23_000,
      linkTitle: 'Dinner',
      createdAt: settledAt,
      settledAt,
      receiptNumber: Number(paymentId.slice(4)),
      refunds,
    }) as PaymentRecord;
  const period = {
    months: 2,
    firstMonth: '2026-03',
    lastMonth: '2026-04',
    fromDay: '2026-03-01',
    toDay: '2026-04-30',
    timeZone: 'Pacific/Auckland',
  };

  it('takes a receipt by the day it settled in the merchant’s zone, not UTC’s', () => {
    const summary = summarise(
      [
        // 28 February 11:30 UTC is already 1 March in Auckland (NZDT, +13): in the period.
        payment('pay_1', '2026-02-28T11:30:00.000Z'),
        // 30 April 12:30 UTC is 1 May 00:30 in Auckland (NZST, +12): the next period.
        payment('pay_2', '2026-04-30T12:30:00.000Z'),
        // 30 April 11:30 UTC is 23:30 on 30 April: in the period.
        payment('pay_3', '2026-04-30T11:30:00.000Z', {
          re_1: {
            refundId: 're_1',
            amountCents: 2300,
            currency: 'nzd',
            status: 'succeeded',
            reason: null,
            failureReason: null,
            // 1 May in Auckland: the correction belongs to the next period.
            createdAt: '2026-04-30T12:00:00.000Z',
          },
        }),
      ],
      merchant,
      period,
    );
    expect(summary.receipts.map((line) => [line.receiptNumber, line.day])).toEqual([
      [1, '2026-03-01'],
      [3, '2026-04-30'],
    ]);
    expect(summary.corrections).toEqual([]);
    expect(summary.totals).toEqual({
      salesCents: 46_000,
      zeroRatedCents: 0,
      gstCollectedCents: 6000,
      refundedCents: 0,
      gstCorrectedCents: 0,
      netGstCents: 6000,
    });
  });
});

describe('the GST summary CSV', () => {
  const summary: GstSummary = {
    months: 2,
    firstMonth: '2026-03',
    lastMonth: '2026-04',
    fromDay: '2026-03-01',
    toDay: '2026-04-30',
    timeZone: 'Pacific/Auckland',
    registeredNow: true,
    currency: 'nzd',
    receipts: [
      {
        paymentId: 'pay_1',
        receiptNumber: 7,
        at: '2026-03-02T01:00:00.000Z',
        day: '2026-03-02',
        description: '=HYPERLINK("x")',
        payerName: '+Aroha, "A"',
        totalCents: 23_000,
        supplyCents: 23_000,
        gstCents: 3000,
        gstTreatment: 'standard',
      },
    ],
    corrections: [
      {
        paymentId: 'pay_1',
        refundId: 're_1',
        receiptNumber: 7,
        at: '2026-03-03T01:00:00.000Z',
        day: '2026-03-03',
        description: 'Platter',
        refundCents: 2300,
        supplyCents: 2300,
        gstCents: 300,
        gstTreatment: 'standard',
      },
    ],
    totals: {
      salesCents: 23_000,
      zeroRatedCents: 0,
      gstCollectedCents: 3000,
      refundedCents: 2300,
      gstCorrectedCents: 300,
      netGstCents: 2700,
    },
  };

  it('writes one line per receipt and correction, then the totals, with formulas made inert', () => {
    const rows = parseCsv(gstSummaryCsv(summary));
    expect(rows).toEqual([
      ['Type', 'Date', 'Receipt Number', 'Description', 'Customer Name', 'Amount Including GST', 'GST', 'Payment ID'],
      ['Receipt', '02/03/2026', '7', `'=HYPERLINK("x")`, `'+Aroha, "A"`, '230.00', '30.00', 'pay_1'],
      ['Supply correction', '03/03/2026', '7', 'Refund: Platter', '', '-23.00', '-3.00', 'pay_1'],
      ['Total sales including GST', '', '', '', '', '230.00', '', ''],
      ['Total GST on receipts', '', '', '', '', '', '30.00', ''],
      ['Total refunded', '', '', '', '', '-23.00', '', ''],
      ['Total GST corrected', '', '', '', '', '', '-3.00', ''],
      ['Net GST', '', '', '', '', '207.00', '27.00', ''],
    ]);
  });
});
