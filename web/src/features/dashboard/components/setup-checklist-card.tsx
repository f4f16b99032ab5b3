import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CircleCheck, Circle, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { useConnectStripe } from '@web/features/stripe-connection';
import { cn } from '@web/lib/cn';
import { listPaymentLinks, paymentLinksQueryKey } from '@web/lib/payment-links-api';
import { useSetupProgress } from '@web/lib/setup-progress';
import { useStripeConnection } from '@web/lib/stripe-connection-api';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.setup;

/**
 * A new merchant's first steps, first on the dashboard (docs/decisions.md #88): Connect Stripe → Create
 * your first link → Print your QR code. Each ticks itself from what is true — the Stripe account, the
 * links, a downloaded poster, table card or QR code — and the card goes once all three are done, or when
 * the merchant hides it. Nothing is drawn until the connection and the links are read, so a merchant who
 * is set up never sees it flash.
 */
export function SetupChecklistCard() {
  const stripe = useStripeConnection();
  const links = useQuery({ queryKey: paymentLinksQueryKey, queryFn: listPaymentLinks });
  const { progress, record } = useSetupProgress();
  const { connect, isConnecting } = useConnectStripe();

  if (progress.dismissed || !stripe.data || !links.data) return null;
  const steps = {
    stripe: stripe.data.connected,
    link: links.data.length > 0,
    print: progress.printed,
  };
  if (steps.stripe && steps.link && steps.print) return null;
  const done = Object.values(steps).filter(Boolean).length;

  return (
    <DashboardCard
      title={strings.title}
      description={strings.progress(done, 3)}
      actions={
        <Button variant="ghost" size="sm" onClick={() => record('dismissed')}>
          <X aria-hidden="true" />
          {strings.dismiss}
        </Button>
      }
    >
      <ol className="flex flex-col gap-3" aria-label={strings.title}>
        <Step done={steps.stripe} label={strings.stripe} detail={strings.stripeDetail}>
          <Button size="sm" onClick={connect} disabled={isConnecting}>
            {isConnecting ? strings.connecting : strings.stripeAction}
          </Button>
        </Step>
        <Step done={steps.link} label={strings.link} detail={strings.linkDetail}>
          <Button asChild size="sm" variant={steps.stripe ? 'primary' : 'outline'}>
            <Link to="/dashboard/create-link">
              {strings.linkAction}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </Step>
        <Step done={steps.print} label={strings.print} detail={strings.printDetail}>
          <Button asChild size="sm" variant={steps.link ? 'primary' : 'outline'}>
            <Link to="/dashboard/print-materials">
              {strings.printAction}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </Step>
      </ol>
    </DashboardCard>
  );
}

function Step({
  done,
  label,
  detail,
  children,
}: {
  done: boolean;
  label: string;
  detail: string;
  children: ReactNode;
}) {
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
      data-done={done || undefined}
    >
      <div className="flex min-w-0 items-start gap-3">
        {done ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        ) : (
          <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        )}
        <div className="min-w-0">
          <p className={cn('font-medium', done && 'text-muted-foreground line-through')}>
            {label}
            <span className="sr-only">{done ? strings.doneSr : strings.todoSr}</span>
          </p>
          {done ? null : <p className="text-sm text-muted-foreground">{detail}</p>}
        </div>
      </div>
      {done ? null : <div className="shrink-0">{children}</div>}
    </li>
  );
}
