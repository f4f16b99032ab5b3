/**
 * Payouts as Xero's bank statement CSV, to import into a "Stripe clearing account" in Xero (README,
 * "Payouts into Xero"): one row per payment (gross), per fee (Stripe's and Paylink's, negative), per refund
 * and per dispute, then the payout itself as money leaving the clearing account for the bank — so a payout's
 * rows add up to zero and the clearing account comes back to zero once its deposit is reconciled as a
 * transfer (docs/decisions.md #57, #121). A line only part of which carries GST (a sale with a tip
 * outside the supply, a refund that gives the tip back) is two rows: the part with GST, and the rest without
 * (#119), so the precoded file books exactly the GST of the receipts, corrections and GST summary.
 *
 * Xero's rules for the file: a header row; Date as DD/MM/YYYY and Amount signed, with no thousands
 * separators, are required; Payee, Description and Reference are optional; at most 1,000 rows a file, so a
 * longer export is split into files of that size (`inXeroFiles`), each imported in turn. The precoded
 * variant adds Account Code and Tax Rate (Xero's display name), so Xero can create and reconcile each
 * transaction itself. Pure: no I/O.
 */
import type { PayoutDetail, PayoutLine } from './contracts/payouts';
import { formatDate } from './format-date';
import { centsToCsvAmount, quoted } from './transactions-csv';

export const XERO_CSV_HEADER = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const;
export const XERO_PRECODED_CSV_HEADER = [...XERO_CSV_HEADER, 'Account Code', 'Tax Rate'] as const;
/**
 * Xero imports at most this many statement lines from one file ("split the file if it contains more than
 * 1,000 bank transactions", Xero's bank statement import help).
 */
export const XERO_MAX_ROWS = 1_000;

/**
 * The rows in files Xero will take: in order, at most XERO_MAX_ROWS each. The files' rows together are the
 * export's; each file alone is only a part of it.
 */
export function inXeroFiles<T>(rows: readonly T[]): T[][] {
  const files: T[][] = [];
  for (let start = 0; start < rows.length; start += XERO_MAX_ROWS) {
    files.push(rows.slice(start, start + XERO_MAX_ROWS));
  }
  return files.length > 0 ? files : [[]];
}

/**
 * Xero's New Zealand default tax rates ("Default tax rates in Xero", Xero Central, NZ: 15% GST on Income,
 * 15% GST on Expenses, GST on Imports, No GST, Zero Rated): the four the precoded file uses. "Zero Rated"
 * is a zero-rated sale (docs/decisions.md #136), which the GST return counts in Box 5 and Box 6.
 */
export const XERO_TAX_RATES = {
  income: '15% GST on Income',
  expenses: '15% GST on Expenses',
  zeroRated: 'Zero Rated',
  none: 'No GST',
} as const;

/**
 * Codes of Xero's default New Zealand chart of accounts: 200 Sales, 404 Bank Fees. The payout row has no
 * code: it is reconciled as a transfer to the bank account. A merchant with another chart changes them in
 * Xero's import preview or by a bank rule.
 */
export const XERO_ACCOUNT_CODES = { sales: '200', fees: '404', transfer: '' } as const;

export interface XeroCsvOptions {
  /** The merchant's time zone: each row is dated on the day it happened there. */
  timeZone: string;
  /**
   * `merchant.tax?.gstRegistered === true`, for lines recorded before each kept its GST-bearing part
   * (`taxableCents`): a sale's and its refunds' Tax Rate follows their receipt's registration (#98), else this.
   */
  gstRegistered: boolean;
}

/** One row of a Xero file, coded. */
export interface XeroRow {
  /** The instant it happened (ISO): dated in the merchant's zone. */
  at: string;
  amountCents: number;
  payee: string;
  description: string;
  reference: string;
  accountCode: string;
  taxRate: string;
}

/** What a payout's rows are made from: its lines, and the payout itself. */
export type XeroPayout = Pick<PayoutDetail, 'payoutId' | 'status' | 'amountCents' | 'arrivalDate' | 'lines'>;

const CRLF = '\r\n';
const PAYEE = { stripe: 'Stripe', paylink: 'Paylink', bank: 'Bank account' } as const;

/**
 * Text as a Xero file holds it (docs/decisions.md #122): Xero imports text as text and never
 * evaluates it, but the same file may be opened in a spreadsheet first, which would. So a cell never starts
 * with what starts a formula (= + - @, a tab or a carriage return), nor hides one behind what a spreadsheet
 * skips (blanks, control and invisible format characters; issue 48, door 7): those leading characters are dropped,
 * rather than marked with the apostrophe the transactions CSV uses, which Xero would keep in a payee's name
 * and so fail to match the contact.
 */
export function xeroText(value: string | null | undefined): string {
  return (value ?? '').replace(/^[\p{White_Space}\p{Cc}\p{Cf}=+\-@]+/u, '');
}

/**
 * Who a line's money went to or came from, as its Xero row names the payee: the payer for a payment, refund or
 * dispute, Stripe or Paylink for their fees and adjustments. The Payouts screen shows the same (issue 49).
 */
export function payoutLinePayee(line: Pick<PayoutLine, 'kind' | 'payerName'>): string {
  switch (line.kind) {
    case 'payment':
    case 'refund':
    case 'dispute':
      return line.payerName ?? '';
    case 'paylink_fee':
    case 'fee_refund':
      return PAYEE.paylink;
    case 'stripe_fee':
    case 'payout_failure':
    case 'other':
      return PAYEE.stripe;
  }
}

/** Payee, Description and Reference of one line, in words a bookkeeper reads in Xero. */
function describe(line: PayoutLine): { payee: string; description: string; reference: string } {
  const title = line.linkTitle ?? 'Payment';
  // The receipt number, as the payer's receipt and its corrections show it (docs/decisions.md #86); the
  // payment id where there is none (a line recorded before receipt numbers were kept, or a payment without a receipt).
  const reference =
    line.receiptNumber !== null && line.receiptNumber !== undefined
      ? String(line.receiptNumber)
      : (line.paymentId ?? line.sourceId ?? '');
  const payee = payoutLinePayee(line);
  switch (line.kind) {
    case 'payment':
      return { payee, description: title, reference };
    case 'refund':
      return { payee, description: `Refund: ${title}`, reference };
    case 'dispute':
      return { payee, description: line.amountCents < 0 ? `Dispute: ${title}` : `Dispute won: ${title}`, reference };
    case 'stripe_fee':
      return { payee, description: line.paymentId ? `Stripe fee: ${title}` : 'Stripe fee', reference };
    case 'paylink_fee':
      return { payee, description: `Paylink fee: ${title}`, reference };
    case 'fee_refund':
      return { payee, description: 'Paylink fee returned on a refund', reference };
    case 'payout_failure':
      return { payee, description: 'Earlier payout returned to the Stripe balance', reference };
    case 'other':
      return { payee, description: 'Stripe balance adjustment', reference };
  }
}

const isFee = (line: PayoutLine) =>
  line.kind === 'stripe_fee' || line.kind === 'paylink_fee' || line.kind === 'fee_refund';

/**
 * The GST-bearing part of a line (signed as it): as recorded (`taxableCents`), or, for a line recorded
 * before that was kept, by its kind — a sale or refund wholly, as its receipt's registration (#98) or the
 * merchant's now says; Stripe's fees, disputes and adjustments never (#118, #120); Paylink's
 * fee not, since such a line cannot tell whether Paylink was registered.
 */
export function taxablePartOf(line: PayoutLine, gstRegistered: boolean): number {
  if (line.taxableCents !== undefined) return line.taxableCents;
  if (line.kind === 'payment' || line.kind === 'refund')
    return (line.receiptGstRegistered ?? gstRegistered) ? line.amountCents : 0;
  return 0;
}

/** The coded rows of one line: the part with GST, then the rest without it (either left out when nothing). */
function rowsOfLine(line: PayoutLine, gstRegistered: boolean): XeroRow[] {
  const { payee, description, reference } = describe(line);
  const taxed = taxablePartOf(line, gstRegistered);
  const rest = line.amountCents - taxed;
  const accountCode = isFee(line) ? XERO_ACCOUNT_CODES.fees : XERO_ACCOUNT_CODES.sales;
  const row = { at: line.createdAt, payee: xeroText(payee), reference: xeroText(reference), accountCode };
  const rows: XeroRow[] = [];
  if (taxed !== 0) {
    rows.push({
      ...row,
      amountCents: taxed,
      description: xeroText(description),
      taxRate: isFee(line)
        ? XERO_TAX_RATES.expenses
        : line.gstTreatment === 'zero-rated'
          ? XERO_TAX_RATES.zeroRated
          : XERO_TAX_RATES.income,
    });
  }
  if (rest !== 0 || taxed === 0) {
    // A sale's or refund's part outside its supply is the tip outside it (#66, #119).
    const outside = taxed !== 0 && (line.kind === 'payment' || line.kind === 'refund');
    rows.push({
      ...row,
      amountCents: rest,
      description: xeroText(outside ? `${description} (tip, not part of the GST-inclusive price)` : description),
      taxRate: XERO_TAX_RATES.none,
    });
  }
  return rows;
}

/**
 * A payout's rows: its lines, coded, then the payout itself leaving the clearing account (dated the day it
 * reaches the bank), so the rows add up to zero. A failed or cancelled payout has no such row, and the line
 * that returns its money to the balance in a later payout (`payout_failure`) is left out: the money never
 * reached the bank, so it stays in clearing until the later payout, whose row takes it out with the rest
 * (#121). Over both payouts' files the clearing account comes back to zero.
 */
export function xeroRowsOfPayout(payout: XeroPayout, options: Pick<XeroCsvOptions, 'gstRegistered'>): XeroRow[] {
  const rows = payout.lines
    .filter((line) => line.kind !== 'payout_failure')
    .flatMap((line) => rowsOfLine(line, options.gstRegistered));
  if (payout.status !== 'failed' && payout.status !== 'canceled') {
    rows.push({
      at: payout.arrivalDate,
      // All of it reaches the bank, an earlier failed payout's money too: that money stayed in clearing when
      // the failed payout's row was left out, so the two files together come back to zero.
      amountCents: -payout.amountCents,
      payee: PAYEE.bank,
      description: `Payout to your bank account (${payout.payoutId})`,
      reference: xeroText(payout.payoutId),
      accountCode: XERO_ACCOUNT_CODES.transfer,
      taxRate: XERO_TAX_RATES.none,
    });
  }
  return rows;
}

/** The rows of several payouts (a date range's), in order. */
export function xeroRowsOfPayouts(
  payouts: readonly XeroPayout[],
  options: Pick<XeroCsvOptions, 'gstRegistered'>,
): XeroRow[] {
  return payouts.flatMap((payout) => xeroRowsOfPayout(payout, options));
}

function row(cells: string[]): string {
  return cells.map(quoted).join(',') + CRLF;
}

function rowCells(line: XeroRow, timeZone: string): string[] {
  return [
    formatDate(line.at, timeZone),
    // A number Paylink wrote itself: its minus sign must stay a number, never an inert text cell.
    centsToCsvAmount(line.amountCents),
    line.payee,
    line.description,
    line.reference,
  ];
}

function checkRows(rows: readonly XeroRow[]) {
  if (rows.length > XERO_MAX_ROWS) {
    throw new RangeError(
      `Xero imports at most ${XERO_MAX_ROWS.toLocaleString('en-NZ')} lines in one file; split them with inXeroFiles.`,
    );
  }
}

/** Xero's bank statement CSV of the rows (one payout's, or several payouts' for a date range). */
export function xeroBankStatementCsv(rows: readonly XeroRow[], options: Pick<XeroCsvOptions, 'timeZone'>): string {
  checkRows(rows);
  return row([...XERO_CSV_HEADER]) + rows.map((line) => row(rowCells(line, options.timeZone))).join('');
}

/** The precoded variant: the same rows with Account Code and Tax Rate. */
export function xeroPrecodedCsv(rows: readonly XeroRow[], options: Pick<XeroCsvOptions, 'timeZone'>): string {
  checkRows(rows);
  return (
    row([...XERO_PRECODED_CSV_HEADER]) +
    rows.map((line) => row([...rowCells(line, options.timeZone), line.accountCode, line.taxRate])).join('')
  );
}

/** What the lines add up to, in cents: equal to the payout's amount for one payout's lines. */
export function linesTotalCents(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/**
 * The GST Xero books from precoded rows: on each row coded "15% GST on Income", 3/23 of its amount rounded
 * to the cent (no amount's 3/23 is ever an exact half cent, so Xero's rounding and s19O's agree). Net of
 * refunds; fees' GST (on Expenses) apart.
 */
export function xeroGstCents(rows: readonly XeroRow[], rate: string = XERO_TAX_RATES.income): number {
  return rows
    .filter((line) => line.taxRate === rate)
    .reduce((sum, line) => {
      const magnitude = Math.abs(line.amountCents);
      const whole = Math.floor((magnitude * 3) / 23);
      const rounded = 2 * (magnitude * 3 - whole * 23) > 23 ? whole + 1 : whole;
      return sum + Math.sign(line.amountCents) * rounded;
    }, 0);
}
