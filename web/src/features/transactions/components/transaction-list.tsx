import { ChevronDown } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import type { PaymentSummary } from '@shared/contracts/payments';
import { formatDateTime } from '@shared/format-date';
import { PaymentStatusBadge } from '@web/components/payment-status-badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatMoney } from '@web/lib/format-money';
import { RefundDraftsProvider } from '../hooks/refund-drafts';
import { useWideScreen } from '../hooks/use-wide-screen';
import { transactionsStrings } from '../transactions-strings';
import { TransactionDetail } from './transaction-detail';

const strings = transactionsStrings.list;

/** The columns in the product's order; money and the row's button sit at the right edge. */
const COLUMNS: { name: keyof typeof strings.columns; end?: boolean }[] = [
  { name: 'link' },
  { name: 'amount', end: true },
  { name: 'tip', end: true },
  { name: 'status' },
  { name: 'customer' },
  { name: 'date' },
  { name: 'actions', end: true },
];

interface ListProps {
  payments: PaymentSummary[];
  timeZone: string;
}

/**
 * The payments, newest first: a table from 1280 px up, one card per payment below it,
 * so neither a phone nor a laptop beside the sidebar scrolls or clips a table. A row (or card) opens its detail
 * under it.
 */
export function TransactionList({ payments, timeZone }: ListProps) {
  const wide = useWideScreen();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = (paymentId: string) =>
    setOpenIds((open) => {
      const next = new Set(open);
      if (!next.delete(paymentId)) next.add(paymentId);
      return next;
    });
  const props = { payments, timeZone, openIds, toggle };
  // Crossing 1280 px draws every row anew; what is open and a refund being written are kept here, above that.
  return (
    <RefundDraftsProvider>
      {wide ? <TransactionTable {...props} /> : <TransactionCards {...props} />}
    </RefundDraftsProvider>
  );
}

interface OpenableProps extends ListProps {
  openIds: ReadonlySet<string>;
  toggle: (paymentId: string) => void;
}

interface RowProps {
  payment: PaymentSummary;
  timeZone: string;
  open: boolean;
  onToggle: () => void;
}

function customerOf(payment: PaymentSummary) {
  return payment.payerName || transactionsStrings.detail.anonymous;
}

/** The address with a place to break before its '@', so a narrow column wraps it as "name" / "@domain". */
function EmailBreakingAtSign({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A repeating link's payment says which it is under the title (docs/decisions.md #267); a one-off says nothing. */
function SubscriptionNote({ payment }: { payment: PaymentSummary }) {
  if (!payment.subscriptionPayment) return null;
  return (
    <span className="block text-xs font-normal text-muted-foreground">
      {strings.subscriptionPayment(payment.subscriptionPayment)}
    </span>
  );
}

function TransactionTable({ payments, timeZone, openIds, toggle }: OpenableProps) {
  return (
    <table className="w-full border-t border-border text-sm">
      <caption className="sr-only">{strings.title}</caption>
      <thead className="bg-surface text-left text-xs font-medium text-muted-foreground">
        <tr>
          {COLUMNS.map(({ name, end }) => (
            <th key={name} scope="col" className={cn('px-3 py-3 font-medium', end && 'text-right')}>
              {strings.columns[name]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <TableRow
            key={payment.paymentId}
            payment={payment}
            timeZone={timeZone}
            open={openIds.has(payment.paymentId)}
            onToggle={() => toggle(payment.paymentId)}
          />
        ))}
      </tbody>
    </table>
  );
}

/** A click anywhere on the row opens it, unless the merchant was selecting its text or pressed a control in it. */
function rowClickOpens(event: MouseEvent) {
  if ((event.target as HTMLElement).closest('a, button')) return false;
  return !window.getSelection()?.toString();
}

function TableRow({ payment, timeZone, open, onToggle }: RowProps) {
  const detailId = useId();
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const date = formatDateTime(payment.createdAt, timeZone);
  return (
    <>
      <tr
        onClick={(event) => {
          if (rowClickOpens(event)) onToggle();
        }}
        className={cn('cursor-pointer border-t border-border hover:bg-muted/60', open && 'bg-muted/60')}
      >
        {/* A floor as well as a ceiling: beside a long email the title was squeezed to a word a line. The
            seven columns' floors and padding stay under the 960 px a 1280 px window leaves beside the sidebar. */}
        <td className="max-w-64 min-w-40 px-3 py-3 font-medium break-words">
          {payment.linkTitle}
          <SubscriptionNote payment={payment} />
        </td>
        <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{money(payment.amountCents)}</td>
        <td className="px-3 py-3 text-right whitespace-nowrap text-muted-foreground tabular-nums">
          {payment.tipCents > 0 ? money(payment.tipCents) : strings.noTip}
        </td>
        <td className="px-3 py-3">
          <PaymentStatusBadge status={payment.status} moneyState={payment.moneyState} />
        </td>
        <td className="min-w-40 px-3 py-3">
          <span className="block">{customerOf(payment)}</span>
          {payment.payerEmail ? (
            // An address with no hyphen was one unbreakable word that widened the table past its card: it may
            // break anywhere, and first before its '@'.
            <span className="block text-xs wrap-anywhere text-muted-foreground">
              <EmailBreakingAtSign email={payment.payerEmail} />
            </span>
          ) : null}
        </td>
        <td className="px-3 py-3 whitespace-nowrap tabular-nums">
          <time dateTime={payment.createdAt}>{date}</time>
        </td>
        <td className="px-3 py-3 text-right">
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailId} onClick={onToggle}>
            {strings.details}
            <span className="sr-only">{` ${strings.detailsContext(payment.linkTitle, date)}`}</span>
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={COLUMNS.length} className="border-t border-border p-0">
            <TransactionDetail id={detailId} payment={payment} timeZone={timeZone} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function TransactionCards({ payments, timeZone, openIds, toggle }: OpenableProps) {
  return (
    <ul aria-label={strings.title} className="divide-y divide-border border-t border-border">
      {payments.map((payment) => (
        <TransactionCard
          key={payment.paymentId}
          payment={payment}
          timeZone={timeZone}
          open={openIds.has(payment.paymentId)}
          onToggle={() => toggle(payment.paymentId)}
        />
      ))}
    </ul>
  );
}

/** One payment on a phone: the whole card is the button that opens its detail. */
function TransactionCard({ payment, timeZone, open, onToggle }: RowProps) {
  const detailId = useId();
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const date = formatDateTime(payment.createdAt, timeZone);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={onToggle}
        className={cn(
          'flex w-full flex-col gap-2 px-4 py-4 text-left hover:bg-muted/60 focus-visible:outline-offset-[-2px]',
          open && 'bg-muted/60',
        )}
      >
        <span className="flex w-full items-start justify-between gap-4">
          <span className="min-w-0 font-medium break-words">
            {payment.linkTitle}
            <SubscriptionNote payment={payment} />
          </span>
          {/* One figure, named: the total, and the tip in it (docs/decisions.md #100). */}
          <span className="shrink-0 text-right font-semibold tabular-nums">
            {strings.totalFigure(money(payment.totalCents))}
          </span>
        </span>
        <span className="flex w-full flex-wrap items-center justify-between gap-2 text-sm">
          <PaymentStatusBadge status={payment.status} moneyState={payment.moneyState} />
          <time dateTime={payment.createdAt} className="text-muted-foreground tabular-nums">
            {date}
          </time>
        </span>
        <span className="flex w-full items-center justify-between gap-4 text-sm text-muted-foreground">
          <span className="min-w-0 wrap-break-word">
            {customerOf(payment)}
            {payment.payerEmail ? ` · ${payment.payerEmail}` : ''}
          </span>
          <span className="flex shrink-0 items-center gap-1">
            {payment.tipCents > 0 ? strings.includesTip(money(payment.tipCents)) : null}
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </span>
        </span>
      </button>
      {open ? <TransactionDetail id={detailId} payment={payment} timeZone={timeZone} /> : null}
    </li>
  );
}
