/**
 * 'Export CSV' of the filtered transactions (docs/decisions.md #20), for Xero, MYOB or a spreadsheet.
 *
 * Why the browser builds the file: a merchant's 10,000 payments as one Lambda response would run into
 * API Gateway's 29 s and Lambda's 6 MB response limits. The browser instead reads the same paged list
 * API the Transactions screen uses (pages of PAYMENT_PAGE_MAX = 100, same filters, same tenant scoping),
 * shows progress page by page, and assembles the file once every page is in: the header names a column
 * for each question label the payments answered, so it is known only at the end. No new route, no stored
 * exports to clean up.
 *
 * RFC 4180: CRLF line ends, a header row, fields with a comma, quote or line break quoted, quotes
 * doubled. Pure: no I/O, no dependencies beyond Intl.
 */
import { AMOUNT_WORDS } from './amount-words';
import type { PaymentSummary } from './contracts/payments';
import { formatDateTime } from './format-date';
import { moneyKeptOf } from './money';
import { STATUS_GROUP_LABELS, statusDisplayOf } from './payment-status-display';
import { phoneForReading } from './phone-number';
import { SUBSCRIPTION_PAYMENT_WORDS } from './recurring';

export const TRANSACTIONS_CSV_HEADER = [
  'Date',
  'Transaction ID',
  'Stripe Payment ID',
  'Payment Link',
  'Status',
  // The same words as every screen (docs/decisions.md #100).
  AMOUNT_WORDS.amount,
  AMOUNT_WORDS.tip,
  AMOUNT_WORDS.total,
  'Currency',
  'Customer Name',
  'Customer Email',
  // Appended after the original columns so a spreadsheet or import mapped to the old order keeps working.
  'Refunded',
  'Dispute',
  'Reference',
  'Customer Phone',
  // The money the merchant keeps (docs/decisions.md #89, #269): the fees as recorded at settlement, and
  // Net = Total − Stripe Fee − Paylink Fee − Refunded + the Paylink fee given back with the refunds (as the
  // payout's fee-refund line does). Blank until the payment succeeded and its fee is known.
  'Stripe Fee',
  'Paylink Fee',
  'Net',
  // Who in the business refunded it through Paylink (docs/decisions.md #195), after the money columns.
  'Refunded By',
  // A repeating link's payment: its first or a renewal (docs/decisions.md #267); blank for a one-off payment.
  'Subscription',
] as const;

const CRLF = '\r\n';
const DISPUTED = STATUS_GROUP_LABELS.disputed;

/**
 * Put in front of the file when making the Blob: without it Excel reads UTF-8 as a legacy code page and
 * mangles names like 'Māori'. Not part of `transactionsCsv`, so the text itself stays plain RFC 4180.
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

export interface TransactionsCsvOptions {
  /** The merchant's time zone (docs/decisions.md #12): dates are written as the merchant's clock read. */
  timeZone: string;
  /** The file's question columns, in order (`questionLabelsOf` the whole export). */
  questionLabels?: readonly string[];
}

/**
 * A cell a spreadsheet would run as a formula: =, +, -, @ first, or after anything a spreadsheet strips
 * before reading it (spaces and tabs, line breaks, a no-break space, invisible format characters), or any
 * leading tab or line break at all (issue 48, door 7).
 */
const FORMULA_START = /^(?:[\p{White_Space}\p{Cc}\p{Cf}]*[=+\-@]|[\t\r\n])/u;

/** Text from payers or merchants, made inert: a leading `'` makes spreadsheets show it as text. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** An RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. */
export function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Cents as dollars with 2 decimals, in integer arithmetic (no float rounding): 1005 → "10.05". */
export function centsToCsvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

function rowCells(payment: PaymentSummary, options: TransactionsCsvOptions): string[] {
  return [
    formatDateTime(payment.createdAt, options.timeZone),
    textCell(payment.paymentId),
    textCell(payment.paymentIntentId),
    textCell(payment.linkTitle),
    textCell(statusDisplayOf(payment.status, payment.moneyState)),
    // Numbers Paylink wrote itself: never formulas, and a refund's minus sign must stay a number.
    centsToCsvAmount(payment.amountCents),
    centsToCsvAmount(payment.tipCents),
    centsToCsvAmount(payment.totalCents),
    textCell(payment.currency.toUpperCase()),
    textCell(payment.payerName),
    textCell(payment.payerEmail),
    centsToCsvAmount(payment.refundedCents),
    // The list row knows only that a dispute is open or lost (its money state), not the dispute's own
    // status, which lives in the payment's detail: a blank cell means no dispute counts against it.
    payment.moneyState === 'disputed' ? DISPUTED : '',
    textCell(payment.reference),
    // Grouped as read (021 987 6543): text to a spreadsheet, so no guard's apostrophe lands in front of it.
    textCell(payment.payerPhone && phoneForReading(payment.payerPhone)),
    ...feeCells(payment),
    textCell(payment.refundedBy),
    payment.subscriptionPayment ? SUBSCRIPTION_PAYMENT_WORDS[payment.subscriptionPayment] : '',
    // One cell per question label after the fixed columns: the payer's own text, made inert like the rest.
    ...(options.questionLabels ?? []).map((label) =>
      textCell(payment.customFields.find((answer) => answer.label === label)?.value),
    ),
  ];
}

/** Stripe Fee, Paylink Fee and Net: only for a payment that took money, and Net only once Stripe's fee is known. */
function feeCells(payment: PaymentSummary): [string, string, string] {
  const kept = moneyKeptOf(payment);
  if (!kept) return ['', '', ''];
  const stripeFee = payment.stripeFeeCents ?? null;
  return [
    stripeFee === null ? '' : centsToCsvAmount(stripeFee),
    centsToCsvAmount(payment.productFeeCents ?? 0),
    kept.netCents === null ? '' : centsToCsvAmount(kept.netCents),
  ];
}

/**
 * The question labels of the rows, in the order they first appear (docs/decisions.md #76): links ask
 * different questions, so the file has one column per label any exported payment answered.
 */
export function questionLabelsOf(rows: readonly PaymentSummary[]): string[] {
  const labels = new Set<string>();
  for (const row of rows) for (const answer of row.customFields) labels.add(answer.label);
  return [...labels];
}

/** The header row for these question labels, CRLF-terminated. */
export function transactionsCsvHeaderLine(questionLabels: readonly string[] = []): string {
  return [...TRANSACTIONS_CSV_HEADER, ...questionLabels.map(textCell)].map(quoted).join(',') + CRLF;
}

/** The header row of a file whose payments answered no questions. */
export const TRANSACTIONS_CSV_HEADER_LINE = transactionsCsvHeaderLine();

/**
 * The rows of one page, each CRLF-terminated. The question columns are the whole file's
 * (`options.questionLabels`), so every row has the header's cells.
 */
export function transactionsCsvRows(rows: readonly PaymentSummary[], options: TransactionsCsvOptions): string {
  return rows.map((row) => rowCells(row, options).map(quoted).join(',') + CRLF).join('');
}

/** The whole file: header and rows, with a column per question label the rows answered. */
export function transactionsCsv(rows: readonly PaymentSummary[], options: TransactionsCsvOptions): string {
  const questionLabels = questionLabelsOf(rows);
  return transactionsCsvHeaderLine(questionLabels) + transactionsCsvRows(rows, { ...options, questionLabels });
}
