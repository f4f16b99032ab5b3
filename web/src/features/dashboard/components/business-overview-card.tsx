import type { ReactNode } from 'react';
import { RefreshCw, TrendingDown, TrendingUp } from 'lucide-react';
import type { DashboardStats } from '@shared/contracts/stats';
import { LoadingState } from '@web/components/loading-state';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatMoney } from '@web/lib/format-money';
import { useDashboardStats, useVerifyPayments } from '../api/dashboard-queries';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.overview;

/** Growth with one decimal and its sign ('+12.5%', '-3.0%', '0.0%'). */
export function formatGrowth(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** This month against last, in words a person reads: no percentage of a month that took nothing. */
function growthText(stats: DashboardStats): string {
  if (stats.lastMonthRevenue === 0) return stats.thisMonthRevenue > 0 ? strings.newThisMonth : strings.noRevenueYet;
  return strings.growth(formatGrowth(stats.revenueGrowth));
}

/** Business Overview with Verify & Refresh. */
export function BusinessOverviewCard() {
  const stats = useDashboardStats({ announceFailure: true });
  const verify = useVerifyPayments();
  return (
    <DashboardCard
      title={strings.title}
      description={strings.description}
      actions={
        <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
          <RefreshCw aria-hidden="true" className={cn(verify.isPending && 'motion-safe:animate-spin')} />
          {verify.isPending ? strings.verifying : strings.verify}
        </Button>
      }
    >
      {stats.isPending ? (
        <LoadingState label={strings.loading} />
      ) : stats.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm">
            <span className="font-medium">{strings.failed}</span>{' '}
            <span className="text-muted-foreground">{stats.error.message}</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
            {strings.retry}
          </Button>
        </div>
      ) : (
        <StatsGrid stats={stats.data} />
      )}
    </DashboardCard>
  );
}

function StatsGrid({ stats }: { stats: DashboardStats }) {
  const money = (cents: number) => formatMoney(cents, stats.currency);
  const growth = stats.revenueGrowth;
  const GrowthIcon = growth < 0 ? TrendingDown : TrendingUp;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          label={strings.totalRevenue}
          value={money(stats.totalRevenue)}
          detail={<span className="text-muted-foreground">{strings.netOf(money(stats.grossRevenue))}</span>}
        />
        {/* Beside the revenue (docs/decisions.md #18): what went back to payers, and what disputes took. */}
        <Stat
          label={strings.refunds}
          value={money(stats.totalRefunds + stats.totalDisputeLosses)}
          detail={
            <span className="flex flex-col text-muted-foreground">
              <span>{strings.refundsThisMonth(money(stats.thisMonthRefunds))}</span>
              {stats.totalDisputeLosses > 0 ? (
                <span>{strings.disputeLosses(money(stats.totalDisputeLosses))}</span>
              ) : null}
            </span>
          }
        />
        <Stat
          label={strings.thisMonth}
          value={money(stats.thisMonthRevenue)}
          detail={
            <span
              className={cn(
                'inline-flex items-center gap-1',
                growth > 0 ? 'text-emerald-800' : growth < 0 ? 'text-red-800' : 'text-muted-foreground',
              )}
            >
              <GrowthIcon aria-hidden="true" className="size-3.5 shrink-0" />
              {growthText(stats)}
            </span>
          }
        />
        <Stat label={strings.lastMonth} value={money(stats.lastMonthRevenue)} />
      </dl>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Stat label={strings.completed} value={String(stats.completedTransactions)} />
        <Stat label={strings.pending} value={String(stats.pendingTransactions)} />
        <Stat label={strings.totalTransactions} value={String(stats.totalTransactions)} />
        <Stat label={strings.activeLinks} value={String(stats.activePaymentLinks)} />
      </dl>
    </div>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-surface p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs">{detail}</dd> : null}
    </div>
  );
}
