/**
 * Paylink's fee statement (docs/decisions.md #123) as a CSV: who issued it to whom, one line per
 * fee taken and per fee given back (negative), then the totals with the GST in them when Paylink is
 * registered. Text made inert against formula injection as the other exports do. Pure: no I/O.
 */
import type { FeeStatement } from './contracts/paylink-fees';
import { centsToCsvAmount, quoted, textCell } from './transactions-csv';

export const FEE_STATEMENT_CSV_HEADER = [
  'Type',
  'Date',
  'Receipt Number',
  'Description',
  'Payment or Refund Amount',
  'Paylink Fee',
  'Payment ID',
] as const;

const CRLF = '\r\n';
const row = (cells: readonly string[]) => cells.map(quoted).join(',') + CRLF;

/** `yyyy-MM-dd` as dd/MM/yyyy, as the other exports date things. */
function dayCell(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The statement's heading: a tax invoice when Paylink is registered, a statement without GST when not. */
export function feeStatementTitle(statement: Pick<FeeStatement, 'supplier'>): string {
  return statement.supplier.gstNumber ? 'Tax invoice: Paylink fees' : 'Statement of Paylink fees';
}

export const PAYLINK_NOT_REGISTERED_WORDS = 'Paylink is not registered for GST: these fees include no GST.';

export function feeStatementCsv(statement: FeeStatement): string {
  const { totals } = statement;
  const labelled = (label: string, value: string) => row([label, textCell(value), '', '', '', '', '']);
  const total = (label: string, cents: number | null) =>
    row([label, '', '', '', '', cents === null ? '' : centsToCsvAmount(cents), '']);
  return (
    row(FEE_STATEMENT_CSV_HEADER) +
    labelled(feeStatementTitle(statement), `${dayCell(statement.fromDay)} to ${dayCell(statement.toDay)}`) +
    labelled('Supplier', statement.supplier.name) +
    labelled('Supplier GST number', statement.supplier.gstNumber ?? PAYLINK_NOT_REGISTERED_WORDS) +
    labelled('Date issued', dayCell(statement.issuedDay)) +
    labelled('Customer', statement.recipient.name) +
    labelled('Customer email', statement.recipient.email) +
    (statement.recipient.address ? labelled('Customer address', statement.recipient.address) : '') +
    statement.lines
      .map((line) =>
        row([
          line.kind === 'fee' ? 'Paylink fee' : 'Fee returned with a refund',
          dayCell(line.day),
          line.receiptNumber === null ? '' : String(line.receiptNumber),
          textCell(line.description),
          centsToCsvAmount(line.kind === 'fee' ? line.amountCents : -line.amountCents),
          centsToCsvAmount(line.feeCents),
          textCell(line.paymentId),
        ]),
      )
      .join('') +
    total('Total fees', totals.chargedCents) +
    total('Total fees returned', totals.returnedCents === 0 ? 0 : -totals.returnedCents) +
    total('Net fees', totals.netCents) +
    total('GST included in net fees', totals.netGstCents)
  );
}
