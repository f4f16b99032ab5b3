import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentSummary } from '@shared/contracts/payments';
import {
  TRANSACTIONS_CSV_HEADER,
  TRANSACTIONS_CSV_HEADER_LINE,
  centsToCsvAmount,
  transactionsCsv,
  transactionsCsvRows,
  textCell,
} from '@shared/transactions-csv';
import { parseCsv } from '../support/csv';

const AUCKLAND = { timeZone: 'Pacific/Auckland' };

function payment(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    paymentId: 'pay_AAAAAAAAAAAAAAAA',
    paymentIntentId: 'pi_123',
    linkId: 'link12345678',
    linkTitle: 'Flat white',
    linkDescription: null,
    status: 'succeeded',
    currency: 'nzd',
    amountCents: 550,
    tipCents: 55,
    totalCents: 605,
    payerName: 'Rawiri Payer',
    payerEmail: 'rawiri@example.co.nz',
    createdAt: '2024-01-15T23:30:00.000Z',
    settledAt: '2024-01-15T23:31:00.000Z',
    refundedCents: 0,
    moneyState: null,
    reference: null,
    customFields: [],
    payerPhone: null,
    refundedBy: null,
    ...overrides,
  };
}

describe('transactionsCsv', () => {
  it('writes the header and one row per payment, CRLF-terminated, in the column order the brief names', () => {
    const text = transactionsCsv([payment()], AUCKLAND);
    expect(text).toBe(
      'Date,Transaction ID,Stripe Payment ID,Payment Link,Status,Amount,Tip,Total,Currency,Customer Name,Customer Email,Refunded,Dispute,Reference,Customer Phone,Stripe Fee,Paylink Fee,Net,Refunded By,Subscription\r\n' +
        '16/01/2024 12:30,pay_AAAAAAAAAAAAAAAA,pi_123,Flat white,Approved,5.50,0.55,6.05,NZD,Rawiri Payer,rawiri@example.co.nz,0.00,,,,,0.00,,,\r\n',
    );
    // No bare LF anywhere: every line break is CRLF.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('is the header line plus the rows chunks, so the browser can assemble it page by page', () => {
    const rows = [payment(), payment({ paymentId: 'pay_BBBBBBBBBBBBBBBB', status: 'pending' })];
    const chunked =
      TRANSACTIONS_CSV_HEADER_LINE +
      transactionsCsvRows(rows.slice(0, 1), AUCKLAND) +
      transactionsCsvRows(rows.slice(1), AUCKLAND);
    expect(chunked).toBe(transactionsCsv(rows, AUCKLAND));
    expect(transactionsCsv([], AUCKLAND)).toBe(TRANSACTIONS_CSV_HEADER_LINE);
  });

  it("appends the link's reference after the first columns, so they keep their places", () => {
    const rows = parseCsv(transactionsCsv([payment({ reference: 'INV-0042' }), payment()], AUCKLAND));
    expect(rows[0]!.slice(0, 13)).toEqual([...TRANSACTIONS_CSV_HEADER].slice(0, 13));
    const at = TRANSACTIONS_CSV_HEADER.indexOf('Reference');
    expect(rows[0]![at]).toBe('Reference');
    expect(rows.slice(1).map((row) => row[at])).toEqual(['INV-0042', '']);
  });

  it("adds one column per question label, the union across links in the order met, and the payer's phone", () => {
    const answer = (key: string, label: string, value: string) => ({ key, label, value });
    const rows = parseCsv(
      transactionsCsv(
        [
          payment({ customFields: [answer('field1', 'Size', 'Large')], payerPhone: '+64211234567' }),
          payment({ customFields: [answer('field1', 'Table', '12'), answer('field2', 'Size', 'Small')] }),
          payment(),
        ],
        AUCKLAND,
      ),
    );
    const fixed = TRANSACTIONS_CSV_HEADER.length;
    expect(rows[0]).toEqual([...TRANSACTIONS_CSV_HEADER, 'Size', 'Table']);
    expect(rows.slice(1).map((row) => row.slice(fixed))).toEqual([
      ['Large', ''],
      ['Small', '12'],
      ['', ''],
    ]);
    expect(rows[1]![TRANSACTIONS_CSV_HEADER.indexOf('Customer Phone')]).toBe('021 123 4567');
    for (const row of rows) expect(row).toHaveLength(fixed + 2);
  });

  it("neutralises a formula in a question's label and in the payer's answer", () => {
    const rows = parseCsv(
      transactionsCsv([payment({ customFields: [{ key: 'field1', label: '=cmd', value: '@SUM(A1)' }] })], AUCKLAND),
    );
    expect(rows[0]!.at(-1)).toBe("'=cmd");
    expect(rows[1]!.at(-1)).toBe("'@SUM(A1)");
  });

  it('writes the fees as recorded and Net = Total − fees − refunds + the Paylink fee they gave back, blank where the money is not known', () => {
    const rows = parseCsv(
      transactionsCsv(
        [
          // $5.00 of $27.50 refunded gives back 3c of the 14c fee (14 × 500 / 2750 = 2.5, half up).
          payment({ totalCents: 2750, stripeFeeCents: 110, productFeeCents: 14, refundedCents: 500 }),
          // Fully refunded: the whole Paylink fee comes back, and the merchant is out Stripe's fee only.
          payment({ totalCents: 1000, stripeFeeCents: 30, productFeeCents: 5, refundedCents: 1000 }),
          payment({ stripeFeeCents: null, productFeeCents: 3 }),
          payment({ status: 'pending', stripeFeeCents: null, productFeeCents: 3 }),
        ],
        AUCKLAND,
      ),
    );
    const fees = TRANSACTIONS_CSV_HEADER.indexOf('Stripe Fee');
    expect(rows[0]!.slice(fees, fees + 3)).toEqual(['Stripe Fee', 'Paylink Fee', 'Net']);
    expect(rows.slice(1).map((row) => row.slice(fees, fees + 3))).toEqual([
      ['1.10', '0.14', '21.29'],
      ['0.30', '0.05', '-0.30'],
      ['', '0.03', ''],
      ['', '', ''],
    ]);
  });

  it("pins the audit's partial refund to the cent: $20.00, Stripe $1.04, Paylink $0.10, $5.00 refunded → Net 13.89", () => {
    // Not 13.86: Paylink refunds with `refund_application_fee`, so Stripe gives back 3c of the 10c fee
    // (10 × 500 / 2000 = 2.5, half up) to the merchant's balance, and the payout pays it (docs/decisions.md #269).
    const rows = parseCsv(
      transactionsCsv(
        [
          payment({
            totalCents: 2000,
            amountCents: 2000,
            tipCents: 0,
            stripeFeeCents: 104,
            productFeeCents: 10,
            refundedCents: 500,
          }),
        ],
        AUCKLAND,
      ),
    );
    const fees = TRANSACTIONS_CSV_HEADER.indexOf('Stripe Fee');
    expect(rows[1]!.slice(fees, fees + 3)).toEqual(['1.04', '0.10', '13.89']);
  });

  it("says which of a subscription's payments a row is in 'Subscription', after 'Refunded By' and before the questions", () => {
    const rows = parseCsv(
      transactionsCsv(
        [
          payment({ subscriptionPayment: 'renewal', customFields: [{ key: 'k', label: 'Size', value: 'L' }] }),
          payment({ subscriptionPayment: 'first' }),
          payment({ subscriptionPayment: null }),
          payment(),
        ],
        AUCKLAND,
      ),
    );
    const at = TRANSACTIONS_CSV_HEADER.indexOf('Subscription');
    expect(at).toBe(TRANSACTIONS_CSV_HEADER.indexOf('Refunded By') + 1);
    expect(rows[0]!.slice(at)).toEqual(['Subscription', 'Size']);
    expect(rows.slice(1).map((row) => row[at])).toEqual(['Renewal', 'First payment', '', '']);
  });

  it("names who refunded through Paylink in 'Refunded By', after Net, blank when nobody did, and inert as text", () => {
    const rows = parseCsv(
      transactionsCsv(
        [
          payment({ refundedCents: 500, refundedBy: 'Aroha Ngata, Hemi Owner' }),
          payment(),
          payment({ refundedCents: 100, refundedBy: '=HYPERLINK("x")' }),
        ],
        AUCKLAND,
      ),
    );
    const at = TRANSACTIONS_CSV_HEADER.indexOf('Refunded By');
    expect(at).toBe(TRANSACTIONS_CSV_HEADER.indexOf('Net') + 1);
    expect(rows.slice(1).map((row) => row[at])).toEqual(['Aroha Ngata, Hemi Owner', '', `'=HYPERLINK("x")`]);
  });

  it('quotes fields with a comma, a quote or a line break, doubling quotes', () => {
    const text = transactionsCsv(
      [payment({ linkTitle: 'Coffee, "large"', payerName: 'Line\r\nbreak', payerEmail: 'only\nLF' })],
      AUCKLAND,
    );
    const line = text.split('\r\n')[1]!;
    expect(line).toContain(',"Coffee, ""large""",');
    expect(text).toContain(',"Line\r\nbreak","only\nLF",0.00,,,,,0.00,,,\r\n');
    expect(parseCsv(text)[1]).toEqual(expect.arrayContaining(['Coffee, "large"', 'Line\r\nbreak', 'only\nLF']));
  });

  it.each([['=HYPERLINK("http://evil","x")'], ['+64 21 000 000'], ['-2+3'], ['@SUM(A1)'], ['\t=1+1'], ['\r=1+1']])(
    'neutralises a cell starting like a formula: %j',
    (hostile) => {
      const text = transactionsCsv(
        [payment({ payerName: hostile, linkTitle: hostile, payerEmail: hostile })],
        AUCKLAND,
      );
      const row = parseCsv(text)[1]!;
      expect(row[3]).toBe(`'${hostile}`);
      expect(row[9]).toBe(`'${hostile}`);
      expect(row[10]).toBe(`'${hostile}`);
    },
  );

  // Issue 48 door 7: whatever a spreadsheet skips before reading the cell does not hide the formula.
  it.each([
    [' =HYPERLINK("http://evil","x")'],
    ['\u00A0=HYPERLINK("http://evil","x")'],
    ['\n=1+1'],
    ['\r\n @SUM(A1)'],
    ['\u2003\u3000+1'],
    ['\uFEFF=1+1'],
    ['\u200B-1+2'],
    ['\n plain words after a line break'],
  ])('neutralises a formula behind leading blanks or invisible characters: %j', (hostile) => {
    for (const guarded of [
      textCell(hostile),
      parseCsv(transactionsCsv([payment({ payerName: hostile })], AUCKLAND))[1]![9],
    ])
      expect(guarded).toBe(`'${hostile}`);
  });

  it('leaves ordinary text and the amounts it writes itself alone', () => {
    const row = parseCsv(transactionsCsv([payment({ payerName: 'Ana-Maria = friend' })], AUCKLAND))[1]!;
    expect(row[9]).toBe('Ana-Maria = friend');
    expect(centsToCsvAmount(-1234)).toBe('-12.34');
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1005, '10.05'],
    [10_000_000, '100000.00'],
    [29, '0.29'],
  ])('writes %i cents as %s dollars', (cents, text) => {
    expect(centsToCsvAmount(cents)).toBe(text);
  });

  it.each([
    // NZDT (+13) in summer, NZST (+12) in winter.
    ['2024-01-15T23:30:00.000Z', '16/01/2024 12:30'],
    ['2024-07-01T11:59:00.000Z', '01/07/2024 23:59'],
    // Midnight is 00:00, never 24:00.
    ['2024-03-31T11:00:00.000Z', '01/04/2024 00:00'],
    // DST ends 7 April 2024 at 03:00 NZDT: 02:30 happens twice, an hour apart.
    ['2024-04-06T13:30:00.000Z', '07/04/2024 02:30'],
    ['2024-04-06T14:30:00.000Z', '07/04/2024 02:30'],
    // DST starts 29 September 2024 at 02:00 NZST: the clock jumps from 01:59 to 03:00.
    ['2024-09-28T13:59:00.000Z', '29/09/2024 01:59'],
    ['2024-09-28T14:00:00.000Z', '29/09/2024 03:00'],
  ])('dates %s in Auckland as %s', (createdAt, shown) => {
    expect(parseCsv(transactionsCsv([payment({ createdAt })], AUCKLAND))[1]![0]).toBe(shown);
  });

  it('dates in the merchant zone it is given', () => {
    const row = parseCsv(transactionsCsv([payment()], { timeZone: 'UTC' }))[1]!;
    expect(row[0]).toBe('15/01/2024 23:30');
  });

  it('shows statuses as the screens do (docs/decisions.md #15, #30)', () => {
    const statuses = (['succeeded', 'pending', 'failed', 'canceled', 'expired', 'open'] as const).map(
      (status) => parseCsv(transactionsCsv([payment({ status })], AUCKLAND))[1]![4],
    );
    expect(statuses).toEqual(['Approved', 'Pending', 'Denied', 'Abandoned', 'Abandoned', 'Checkout open']);
  });

  it('writes the money after the sale: the status as the badge reads, the refunded dollars and a dispute', () => {
    const rows = parseCsv(
      transactionsCsv(
        [
          payment({ refundedCents: 500, moneyState: 'partially_refunded' }),
          payment({ refundedCents: 605, moneyState: 'refunded' }),
          payment({ refundedCents: 100, moneyState: 'disputed' }),
        ],
        AUCKLAND,
      ),
    ).slice(1);
    const at = (name: (typeof TRANSACTIONS_CSV_HEADER)[number]) => TRANSACTIONS_CSV_HEADER.indexOf(name);
    expect(rows.map((row) => [row[at('Status')], row[at('Refunded')], row[at('Dispute')]])).toEqual([
      ['Partially refunded', '5.00', ''],
      ['Refunded', '6.05', ''],
      ['Disputed', '1.00', 'Disputed'],
    ]);
  });

  it('parses back to the same cells for any text payers type', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string(), email: fc.option(fc.string()), title: fc.string() }), { maxLength: 5 }),
        (people) => {
          const rows = people.map((person) =>
            payment({ payerName: person.name, payerEmail: person.email, linkTitle: person.title }),
          );
          const records = parseCsv(transactionsCsv(rows, AUCKLAND));
          expect(records[0]).toEqual([...TRANSACTIONS_CSV_HEADER]);
          expect(records).toHaveLength(rows.length + 1);
          // Guarded when a formula character comes first once leading blanks, controls and invisible characters
          // are passed over (a spreadsheet skips them too), or when a tab or line break leads.
          const formulaLike = (text: string) =>
            /^[=+\-@]/.test(text.replace(/^[\p{White_Space}\p{Cc}\p{Cf}]*/u, '')) || /^[\t\r\n]/.test(text);
          const inert = (text: string | null) => (formulaLike(text ?? '') ? `'${text}` : (text ?? ''));
          records.slice(1).forEach((record, index) => {
            expect(record).toHaveLength(TRANSACTIONS_CSV_HEADER.length);
            expect(record[3]).toBe(inert(people[index]!.title));
            expect(record[9]).toBe(inert(people[index]!.name));
            expect(record[10]).toBe(inert(people[index]!.email));
          });
        },
      ),
    );
  });
});
