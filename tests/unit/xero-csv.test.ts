/**
 * The Xero exports of a payout (docs/decisions.md #57, #121): Xero's date and amount rules, payee,
 * description and reference per line, formula characters dropped from text, the precoded Tax Rate of lines
 * recorded before their GST-bearing part was kept — and, as a property over any mix of Stripe balance
 * transactions, rows that with the payout's own row add up to zero in the clearing account.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesOfTransaction, type LinePayment } from '@functions/domain/payouts';
import type { StripeBalanceTransaction } from '@functions/domain/stripe-port';
import type { PayoutLine } from '@shared/contracts/payouts';
import {
  XERO_MAX_ROWS,
  inXeroFiles,
  linesTotalCents,
  xeroBankStatementCsv,
  xeroPrecodedCsv,
  xeroRowsOfPayout,
  xeroText,
  type XeroCsvOptions,
  type XeroRow,
} from '@shared/xero-csv';
import { parseCsv } from '../support/csv';

const NZ: XeroCsvOptions = { timeZone: 'Pacific/Auckland', gstRegistered: false };
const PAYMENT: LinePayment = {
  paymentId: 'pay_1',
  payerName: 'Aroha Ngata',
  linkTitle: 'Flat white',
  receiptNumber: 1042,
  // Paid before receipts kept their tax settings: the Tax Rate follows the merchant's setting (#98).
  receiptGstRegistered: null,
};

/** The rows of one paid payout made of `lines`, arriving on 3 April 2026. */
function rowsOf(lines: PayoutLine[], gstRegistered = false): XeroRow[] {
  return xeroRowsOfPayout(
    {
      payoutId: 'po_1',
      status: 'paid',
      amountCents: linesTotalCents(lines),
      arrivalDate: '2026-04-03T00:00:00.000Z',
      lines,
    },
    { gstRegistered },
  );
}

function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not a Xero amount: ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

function transaction(overrides: Partial<StripeBalanceTransaction>): StripeBalanceTransaction {
  const base = {
    id: 'txn_1',
    amount: 0,
    fee: 0,
    currency: 'nzd',
    type: 'charge',
    // 23:30 UTC on 31 March is already 1 April in Auckland.
    created: Date.UTC(2026, 2, 31, 23, 30) / 1000,
    fee_details: [],
    source: 'ch_1',
    ...overrides,
  };
  return { ...base, net: base.amount - base.fee };
}

describe('payout lines from balance transactions', () => {
  it('splits a charge into its gross, Stripe’s fee and Paylink’s fee', () => {
    const lines = linesOfTransaction(
      transaction({
        amount: 123_456_789,
        fee: 3_333_363,
        fee_details: [
          { type: 'stripe_fee', amount: 3_333_333 },
          { type: 'application_fee', amount: 30 },
        ],
      }),
      PAYMENT,
    );
    expect(lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['payment', 123_456_789],
      ['stripe_fee', -3_333_333],
      ['paylink_fee', -30],
    ]);
  });

  it('names a dispute by its source, and a fee the details do not explain as Stripe’s', () => {
    const lines = linesOfTransaction(
      transaction({
        type: 'adjustment',
        source: 'dp_1',
        amount: -2300,
        fee: 2600,
        fee_details: [{ type: 'stripe_fee', amount: 2500 }],
      }),
      PAYMENT,
    );
    expect(lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['dispute', -2300],
      ['stripe_fee', -2500],
      ['stripe_fee', -100],
    ]);
  });
});

describe('Xero bank statement CSV', () => {
  const lines = [
    ...linesOfTransaction(
      transaction({ amount: 123_456_789, fee: 30, fee_details: [{ type: 'application_fee', amount: 30 }] }),
      PAYMENT,
    ),
    ...linesOfTransaction(transaction({ type: 'refund', amount: -1005, source: 're_1' }), {
      paymentId: 'pay_2',
      payerName: '=cmd|" /C calc"!A0',
      linkTitle: '+Tips, "large"',
      // Paid before receipt numbers were kept: the Reference falls back to the payment id.
      receiptNumber: null,
      receiptGstRegistered: null,
    }),
  ];

  it('writes Xero’s columns: DD/MM/YYYY in the merchant’s zone, signed amounts without separators, then the payout', () => {
    const rows = parseCsv(xeroBankStatementCsv(rowsOf(lines), NZ));
    expect(rows).toEqual([
      ['Date', 'Amount', 'Payee', 'Description', 'Reference'],
      ['01/04/2026', '1234567.89', 'Aroha Ngata', 'Flat white', '1042'],
      ['01/04/2026', '-0.30', 'Paylink', 'Paylink fee: Flat white', '1042'],
      // A formula's first characters are dropped, not marked with an apostrophe Xero would keep (#122).
      ['01/04/2026', '-10.05', 'cmd|" /C calc"!A0', 'Refund: +Tips, "large"', 'pay_2'],
      ['03/04/2026', '-1234557.54', 'Bank account', 'Payout to your bank account (po_1)', 'po_1'],
    ]);
  });

  // Issue 48 door 7: what a spreadsheet skips before reading a cell (invisible format characters too, which a
  // name stored before they were taken out at entry may still hold) does not hide a formula in a Xero file.
  it.each([
    ['\u200B=HYPERLINK("http://evil","x")', 'HYPERLINK("http://evil","x")'],
    ['\u2060+1', '1'],
    ['\u00AD@SUM(A1)', 'SUM(A1)'],
    ['\u200B \u00A0\u200D-2+3', '2+3'],
    ['\u0007=1+1', '1+1'],
    ['Ana-Maria = friend', 'Ana-Maria = friend'],
  ])('drops a formula behind leading blanks or invisible characters: %j', (hostile, kept) => {
    expect(xeroText(hostile)).toBe(kept);
  });

  it('precodes lines recorded before their GST-bearing part was kept by kind: fees and disputes never GST', () => {
    const unregistered = parseCsv(xeroPrecodedCsv(rowsOf(lines), NZ));
    expect(unregistered[0]).toEqual([
      'Date',
      'Amount',
      'Payee',
      'Description',
      'Reference',
      'Account Code',
      'Tax Rate',
    ]);
    expect(unregistered.slice(1).map((row) => row.slice(5))).toEqual([
      ['200', 'No GST'],
      ['404', 'No GST'],
      ['200', 'No GST'],
      ['', 'No GST'],
    ]);
    const registered = parseCsv(xeroPrecodedCsv(rowsOf(lines, true), NZ));
    expect(registered.slice(1).map((row) => row.slice(5))).toEqual([
      ['200', '15% GST on Income'],
      // Whether Paylink was registered when the line was recorded is not known: no GST claimed.
      ['404', 'No GST'],
      ['200', '15% GST on Income'],
      ['', 'No GST'],
    ]);
  });

  it('codes a sale and its refund as their receipt was issued (#98); its dispute and fees carry no GST', () => {
    const receipted = (receiptGstRegistered: boolean) => [
      ...linesOfTransaction(
        transaction({ amount: 23_000, fee: 30, fee_details: [{ type: 'application_fee', amount: 30 }] }),
        { ...PAYMENT, receiptGstRegistered },
      ),
      ...linesOfTransaction(transaction({ type: 'refund', amount: -2300, source: 're_1' }), {
        ...PAYMENT,
        receiptGstRegistered,
      }),
      ...linesOfTransaction(transaction({ type: 'adjustment', amount: -2300, source: 'dp_1' }), {
        ...PAYMENT,
        receiptGstRegistered,
      }),
    ];
    const codes = (lines: PayoutLine[], gstRegistered: boolean) =>
      parseCsv(xeroPrecodedCsv(rowsOf(lines, gstRegistered), NZ))
        .slice(1, -1)
        .map((row) => row.slice(5));
    // Receipted before the merchant registered: no GST on the sale.
    expect(codes(receipted(false), true)).toEqual([
      ['200', 'No GST'],
      ['404', 'No GST'],
      ['200', 'No GST'],
      ['200', 'No GST'],
    ]);
    // Receipted with GST by a merchant since deregistered: the sale and its refund keep their GST; a dispute
    // is no supply correction (#120).
    expect(codes(receipted(true), false)).toEqual([
      ['200', '15% GST on Income'],
      ['404', 'No GST'],
      ['200', '15% GST on Income'],
      ['200', 'No GST'],
    ]);
  });

  it('refuses more rows than Xero imports from one file, in words', () => {
    const row = rowsOf(lines)[0]!;
    const many = Array.from({ length: XERO_MAX_ROWS + 1 }, () => row);
    expect(() => xeroBankStatementCsv(many, NZ)).toThrow(/at most 1,000 lines/);
  });

  it('splits a long export into files Xero takes, every row once and in order', () => {
    const row = rowsOf(lines)[0]!;
    const many = Array.from({ length: 2 * XERO_MAX_ROWS + 1 }, (_, index) => ({ ...row, amountCents: index }));
    const files = inXeroFiles(many);
    expect(files.map((file) => file.length)).toEqual([XERO_MAX_ROWS, XERO_MAX_ROWS, 1]);
    expect(files.flat()).toEqual(many);
    for (const file of files) expect(() => xeroBankStatementCsv(file, NZ)).not.toThrow();
    expect(inXeroFiles(lines)).toEqual([lines]);
  });
});

/** Any balance transaction Stripe puts in a payout: its fee is what its details say (or more). */
const anyTransaction = fc
  .record({
    type: fc.constantFrom(
      'charge',
      'refund',
      'adjustment',
      'application_fee_refund',
      'payout_failure',
      'refund_failure',
    ),
    amount: fc.integer({ min: -5_000_000, max: 50_000_000 }),
    stripeFee: fc.integer({ min: 0, max: 200_000 }),
    applicationFee: fc.integer({ min: 0, max: 50_000 }),
    unexplained: fc.integer({ min: 0, max: 100 }),
    created: fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }),
    payerName: fc.option(fc.string(), { nil: null }),
    receiptNumber: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
    receiptGstRegistered: fc.option(fc.boolean(), { nil: null }),
  })
  .map((generated) => ({
    transaction: transaction({
      type: generated.type,
      amount: generated.amount,
      fee: generated.stripeFee + generated.applicationFee + generated.unexplained,
      fee_details: [
        { type: 'stripe_fee', amount: generated.stripeFee },
        { type: 'application_fee', amount: generated.applicationFee },
      ],
      created: generated.created,
      source: generated.type === 'adjustment' ? 'dp_1' : 'ch_1',
    }),
    payment: {
      paymentId: 'pay_1',
      payerName: generated.payerName,
      linkTitle: 'A link',
      receiptNumber: generated.receiptNumber,
      receiptGstRegistered: generated.receiptGstRegistered,
    },
  }));

describe('property: a payout’s export comes back to zero in the clearing account', () => {
  it('for any mix of balance transactions, both CSVs sum to zero but for an earlier payout’s returned money', () => {
    fc.assert(
      fc.property(fc.array(anyTransaction, { minLength: 1, maxLength: 40 }), fc.boolean(), (generated, gst) => {
        const payoutCents = generated.reduce((sum, { transaction: item }) => sum + item.net, 0);
        const lines: PayoutLine[] = generated.flatMap(({ transaction: item, payment }) =>
          linesOfTransaction(item, payment),
        );
        expect(linesTotalCents(lines)).toBe(payoutCents);
        // An earlier failed payout's money returned: it never left clearing, so its line is left out (#121).
        const returned = linesTotalCents(lines.filter((line) => line.kind === 'payout_failure'));
        const kept = lines.filter((line) => line.kind !== 'payout_failure');
        for (const csv of [xeroBankStatementCsv(rowsOf(lines, gst), NZ), xeroPrecodedCsv(rowsOf(lines, gst), NZ)]) {
          const rows = parseCsv(csv).slice(1);
          expect(rows).toHaveLength(kept.length + 1);
          expect(rows.reduce((sum, row) => sum + cents(row[1]!), 0) + returned).toBe(0);
          // Reference: the receipt number where the payment has one, else the payment id; then the payout's id.
          expect(rows.map((row) => row[4])).toEqual([
            ...kept.map((line) => (line.receiptNumber === null ? line.paymentId : String(line.receiptNumber))),
            'po_1',
          ]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
