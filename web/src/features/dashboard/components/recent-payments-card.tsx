import { ArrowRight, ReceiptText } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { PaymentSummary } from '@shared/contracts/payments';
import { formatDateTime } from '@shared/format-date';
import { LoadingState } from '@web/components/loading-state';
import { PaymentStatusBadge } from '@web/components/payment-status-badge';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/format-money';
import { useRecentPayments } from '../api/dashboard-queries';
import { RECENT_PAYMENTS_SHOWN } from '../api/home-read-paths';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.recentPayments;

/** Recent Payments: the 3 newest, each with its total and tip; 'View All Payments' when there are more. */
export function RecentPaymentsCard({ timeZone }: { timeZone: string }) {
  const recent = useRecentPayments();
  const payments = recent.data?.payments ?? [];
  const more = payments.length > RECENT_PAYMENTS_SHOWN;

  return (
    <DashboardCard title={strings.title} description={strings.description}>
      {recent.isPending ? (
        <LoadingState label={strings.loading} />
      ) : recent.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm">
            <span className="font-medium">{strings.failed}</span>{' '}
            <span className="text-muted-foreground">{recent.error.message}</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => void recent.refetch()} disabled={recent.isFetching}>
            {strings.retry}
          </Button>
        </div>
      ) : payments.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <ReceiptText aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{strings.emptyTitle}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{strings.emptyDetail}</p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {payments.slice(0, RECENT_PAYMENTS_SHOWN).map((payment) => (
            <RecentPaymentRow
              key={payment.paymentId}
              payment={payment}
              when={formatDateTime(payment.createdAt, timeZone)}
            />
          ))}
        </ul>
      )}
      {more ? (
        <Button variant="outline" asChild className="mt-auto self-start">
          <Link to="/dashboard/transactions">
            {strings.viewAll}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </DashboardCard>
  );
}

function RecentPaymentRow({ payment, when }: { payment: PaymentSummary; when: string }) {
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="truncate font-medium">{payment.linkTitle}</span>
        <span className="truncate text-sm text-muted-foreground">
          {payment.payerName ?? payment.payerEmail ?? strings.anonymous}
        </span>
        {/* On a line of its own: beside the payer on a phone, the time was the part cut off. */}
        <time dateTime={payment.createdAt} className="text-sm whitespace-nowrap text-muted-foreground tabular-nums">
          {when}
        </time>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {/* One figure, named: the total, and the tip in it (docs/decisions.md #100). */}
        <span className="font-semibold tabular-nums">
          {strings.totalFigure(formatMoney(payment.totalCents, payment.currency))}
        </span>
        {payment.tipCents > 0 ? (
          <span className="text-xs text-muted-foreground">
            {strings.includesTip(formatMoney(payment.tipCents, payment.currency))}
          </span>
        ) : null}
        <PaymentStatusBadge status={payment.status} moneyState={payment.moneyState} />
      </div>
    </li>
  );
}
