import { ArrowRight, CircleCheck, CircleAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/format-money';
import { useStripeConnection } from '@web/lib/stripe-connection-api';
import { useDashboardStats } from '../api/dashboard-queries';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.businessStatus;

/**
 * Business Status: Stripe, this month's revenue, the business name and active links, and the
 * way to Settings while Stripe is not connected; for a Manager or Staff member (`connectsStripe` false), who can
 * neither connect it nor open Settings, a sentence that the owner has to (docs/decisions.md #282). A failed
 * Stripe check is logged and reads as not connected.
 */
export function BusinessStatusCard({
  companyName,
  currency,
  connectsStripe,
}: {
  companyName: string | null;
  currency: string;
  connectsStripe: boolean;
}) {
  const stripe = useStripeConnection();
  const stats = useDashboardStats();
  const connected = stripe.data?.connected === true;

  useEffect(() => {
    if (stripe.isError) console.error('Could not check the Stripe connection', stripe.error);
  }, [stripe.isError, stripe.error]);

  const statValue = (value: (data: NonNullable<typeof stats.data>) => string) =>
    stats.data ? value(stats.data) : strings.unknown;

  return (
    <DashboardCard title={strings.title}>
      <dl className="flex flex-col divide-y divide-border text-sm">
        <StatusRow label={strings.stripe}>
          {stripe.isPending ? (
            <span className="text-muted-foreground">{strings.checking}</span>
          ) : connected ? (
            <Badge variant="success">
              <CircleCheck aria-hidden="true" />
              {strings.connected}
            </Badge>
          ) : (
            <Badge variant="warning">
              <CircleAlert aria-hidden="true" />
              {strings.notConnected}
            </Badge>
          )}
        </StatusRow>
        <StatusRow label={strings.thisMonthRevenue((stats.data?.currency ?? currency).toUpperCase())}>
          <span className="font-medium tabular-nums">
            {statValue((data) => formatMoney(data.thisMonthRevenue, data.currency))}
          </span>
        </StatusRow>
        <StatusRow label={strings.businessName}>
          <span className="truncate font-medium">{companyName ?? strings.notSpecified}</span>
        </StatusRow>
        <StatusRow label={strings.activeLinks}>
          <span className="font-medium tabular-nums">{statValue((data) => String(data.activePaymentLinks))}</span>
        </StatusRow>
      </dl>
      {stripe.isPending || connected ? null : !connectsStripe ? (
        <p className="mt-auto text-sm text-muted-foreground">{strings.ownerConnectsStripe}</p>
      ) : (
        <Button asChild className="mt-auto h-auto min-h-10 self-start py-2 whitespace-normal">
          <Link to="/dashboard/settings">
            {strings.connectStripe}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </DashboardCard>
  );
}

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 justify-end">{children}</dd>
    </div>
  );
}
