import { REVENUE_CHART_DAYS } from '@shared/contracts/stats';
import { LoadingState } from '@web/components/loading-state';
import { useDashboardStats } from '../api/dashboard-queries';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';
import { SalesChart } from './sales-chart';

const strings = dashboardStrings.home.salesChart;

/** Sales analytics: revenue per day for the last 30 days (from the stats read; its failure is told there). */
export function SalesAnalyticsCard() {
  const stats = useDashboardStats();
  if (stats.isError) return null;
  return (
    <DashboardCard title={strings.title} description={strings.description(REVENUE_CHART_DAYS)}>
      {stats.isPending ? (
        <LoadingState label={strings.loading} />
      ) : (
        <SalesChart days={stats.data.revenueByDay} currency={stats.data.currency} />
      )}
    </DashboardCard>
  );
}
