/**
 * A payout as Xero's bank statement CSV, to import into a "Stripe clearing account" in Xero (README,
 * "Payouts into Xero"): one line per payment (gross), per fee (Stripe's and Paylink's, negative), per
 * refund and per dispute, whose amounts add up to the payout to the cent — so after import the clearing
 * account's statement balance moves by exactly what reached the bank. docs/decisions.md #57.
 *
 * Xero's rules for the file: a header row; Date as DD/MM/YYYY and Amount signed, with no thousands
 * separators, are required; Payee, Description and Reference are optional; at most 1,000 lines a file, so a
 * longer export is split into files of that size (`inXeroFiles`), each imported in turn. The
 * precoded variant adds Account Code and Tax Rate (Xero's display name), so Xero can create and reconcile
 * each transaction itself. Text is made inert against formula injection exactly as the transactions CSV
 * does. Pure: no I/O.
 */
import type { PayoutLine } from './contracts/payouts';
import { formatDate } from './format-date';
import { centsToCsvAmount, quoted, textCell } from './transactions-csv';

export const XERO_CSV_HEADER = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const;
export const XERO_PRECODED_CSV_HEADER = [...XERO_CSV_HEADER, 'Account Code', 'Tax Rate'] as const;
/**
 * Xero imports at most this many statement lines from one file ("split the file if it contains more than
 * 1,000 bank transactions", Xero's bank statement import help).
 */
export const XERO_MAX_ROWS = 1_000;

/**
 * The lines in files Xero will take: in order, at most XERO_MAX_ROWS each. The files' lines together are the
 * payout's, so their sum is still the payout; each file alone is only a part of it.
 */
export function inXeroFiles<T>(lines: readonly T[]): T[][] {
  const files: T[][] = [];
  for (let start = 0; start < lines.length; start += XERO_MAX_ROWS) {
    files.push(lines.slice(start, start + XERO_MAX_ROWS));
  }
  return files.length > 0 ? files : [[]];
}

/** Xero's New Zealand display names for the tax rates the precoded file uses. */
export const XERO_TAX_RATES = {
  income: '15% GST on Income',
  expenses: '15% GST on Expenses',
  none: 'No GST',
} as const;

/**
 * Codes of Xero's default New Zealand chart of accounts: 200 Sales, 404 Bank Fees. A merchant with another
 * chart changes them in Xero's import preview or by a bank rule.
 */
export const XERO_ACCOUNT_CODES = { sales: '200', fees: '404' } as const;

export interface XeroCsvOptions {
  /** The merchant's time zone: each line is dated on the day it happened there. */
  timeZone: string;
  /** `merchant.tax?.gstRegistered === true`: the precoded Tax Rate follows it, a sale's as its receipt's (#98). */
  gstRegistered: boolean;
}

const CRLF = '\r\n';

const PAYEE = { stripe: 'Stripe', paylink: 'Paylink' } as const;

/** Payee, Description and Reference of one line, in words a bookkeeper reads in Xero. */
function describe(line: PayoutLine): { payee: string; description: string; reference: string } {
  const title = line.linkTitle ?? 'Payment';
  // The receipt number, as the payer's receipt and its corrections show it (docs/decisions.md #86); the
  // payment id where there is none (a line recorded before receipt numbers were kept, or a payment without a receipt).
  const reference =
    line.receiptNumber !== null && line.receiptNumber !== undefined
      ? String(line.receiptNumber)
      : (line.paymentId ?? line.sourceId ?? '');
  switch (line.kind) {
    case 'payment':
      return { payee: line.payerName ?? '', description: title, reference };
    case 'refund':
      return { payee: line.payerName ?? '', description: `Refund: ${title}`, reference };
    case 'dispute':
      return {
        payee: line.payerName ?? '',
        description: line.amountCents < 0 ? `Dispute: ${title}` : `Dispute won: ${title}`,
        reference,
      };
    case 'stripe_fee':
      return { payee: PAYEE.stripe, description: line.paymentId ? `Stripe fee: ${title}` : 'Stripe fee', reference };
    case 'paylink_fee':
      return { payee: PAYEE.paylink, description: `Paylink fee: ${title}`, reference };
    case 'fee_refund':
      return { payee: PAYEE.paylink, description: 'Paylink fee returned on a refund', reference };
    case 'other':
      return { payee: PAYEE.stripe, description: 'Stripe balance adjustment', reference };
  }
}

/**
 * Account Code and Tax Rate of one line in the precoded file. A sale, its refunds and its dispute follow the
 * GST registration its receipt was issued under (docs/decisions.md #98), so Xero books the GST the payer's
 * receipt states; fees and Stripe's adjustments, and lines without it, follow the merchant's setting now.
 */
export function xeroCoding(line: PayoutLine, gstRegistered: boolean): { accountCode: string; taxRate: string } {
  const isFee = line.kind === 'stripe_fee' || line.kind === 'paylink_fee' || line.kind === 'fee_refund';
  if (isFee)
    return {
      accountCode: XERO_ACCOUNT_CODES.fees,
      taxRate: gstRegistered ? XERO_TAX_RATES.expenses : XERO_TAX_RATES.none,
    };
  // Stripe's own balance adjustments are no supply by the merchant.
  if (line.kind === 'other')
    return {
      accountCode: gstRegistered ? XERO_ACCOUNT_CODES.fees : XERO_ACCOUNT_CODES.sales,
      taxRate: XERO_TAX_RATES.none,
    };
  const receiptHadGst = line.receiptGstRegistered ?? gstRegistered;
  return {
    accountCode: XERO_ACCOUNT_CODES.sales,
    taxRate: receiptHadGst ? XERO_TAX_RATES.income : XERO_TAX_RATES.none,
  };
}

function row(cells: string[]): string {
  return cells.map(quoted).join(',') + CRLF;
}

function lineCells(line: PayoutLine, options: XeroCsvOptions): string[] {
  const { payee, description, reference } = describe(line);
  return [
    formatDate(line.createdAt, options.timeZone),
    // A number Paylink wrote itself: its minus sign must stay a number, never an inert text cell.
    centsToCsvAmount(line.amountCents),
    textCell(payee),
    textCell(description),
    textCell(reference),
  ];
}

function checkRows(lines: readonly PayoutLine[]) {
  if (lines.length > XERO_MAX_ROWS) {
    throw new RangeError(
      `Xero imports at most ${XERO_MAX_ROWS.toLocaleString('en-NZ')} lines in one file; split them with inXeroFiles.`,
    );
  }
}

/** Xero's bank statement CSV of the lines (one payout's, or several payouts' for a date range). */
export function xeroBankStatementCsv(lines: readonly PayoutLine[], options: XeroCsvOptions): string {
  checkRows(lines);
  return row([...XERO_CSV_HEADER]) + lines.map((line) => row(lineCells(line, options))).join('');
}

/** The precoded variant: the same lines with Account Code and Tax Rate. */
export function xeroPrecodedCsv(lines: readonly PayoutLine[], options: XeroCsvOptions): string {
  checkRows(lines);
  return (
    row([...XERO_PRECODED_CSV_HEADER]) +
    lines
      .map((line) => {
        const { accountCode, taxRate } = xeroCoding(line, options.gstRegistered);
        return row([...lineCells(line, options), accountCode, taxRate]);
      })
      .join('')
  );
}

/** What the lines add up to, in cents: equal to the payout's amount for one payout's lines. */
export function linesTotalCents(lines: readonly PayoutLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}
