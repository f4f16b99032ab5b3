import { ArrowRight, CircleCheck, Circle, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { useConnectStripe } from '@web/features/stripe-connection';
import { useOwnerSetupShown } from '@web/features/team';
import { cn } from '@web/lib/cn';
import { usePaymentLinks } from '@web/lib/payment-links-api';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { useSetupProgress } from '@web/lib/setup-progress';
import { useStripeConnection } from '@web/lib/stripe-connection-api';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.setup;

/**
 * A new merchant's first steps, first on the dashboard (docs/decisions.md #88): Connect Stripe → Create
 * your first link → Print your QR code → GST and Xero (#208). Each ticks itself from what is true — the
 * Stripe account, the links, a downloaded poster, table card or QR code, tax settings saved (registered or
 * not) — and the card goes once all four are done, or when
 * the merchant hides it. Only the business's owner sees it. Nothing is drawn until the connection and the links are read, so a merchant who
 * is set up never sees it flash.
 */
export function SetupChecklistCard() {
  const stripe = useStripeConnection();
  const links = usePaymentLinks();
  const { progress, record } = useSetupProgress();
  const { connect, isConnecting } = useConnectStripe();
  const profile = useMerchantProfile();
  const ownerSetup = useOwnerSetupShown();

  // Setting the business up is its owner's: a Manager or Staff can neither connect its Stripe account nor save
  // its tax settings (docs/decisions.md #161, #235), so the steps are not offered to them.
  if (!ownerSetup) return null;
  if (progress.dismissed || !stripe.data || !links.data || !profile.data) return null;
  const steps: SetupStep[] = [
    {
      done: stripe.data.connected,
      label: strings.stripe,
      detail: strings.stripeDetail,
      action: { onClick: connect, busy: isConnecting, label: strings.stripeAction, busyLabel: strings.connecting },
    },
    {
      done: links.data.length > 0,
      label: strings.link,
      detail: strings.linkDetail,
      action: { to: '/dashboard/create-link', label: strings.linkAction },
    },
    {
      done: progress.printed,
      label: strings.print,
      detail: strings.printDetail,
      action: { to: '/dashboard/print-materials', label: strings.printAction },
    },
    {
      done: profile.data.taxSettingsSaved,
      label: strings.tax,
      detail: strings.taxDetail,
      action: { to: '/dashboard/settings', label: strings.taxAction },
    },
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;

  return (
    <DashboardCard
      title={strings.title}
      description={strings.progress(done, steps.length)}
      actions={
        <Button variant="ghost" size="sm" onClick={() => record('dismissed')}>
          <X aria-hidden="true" />
          {strings.dismiss}
        </Button>
      }
    >
      <ol className="flex flex-col gap-3" aria-label={strings.title}>
        {steps.map((step, index) => (
          // The next step to take stands out: its action is primary once the step before it is done.
          <StepRow key={step.label} step={step} next={index === 0 || steps[index - 1]!.done} />
        ))}
      </ol>
    </DashboardCard>
  );
}

/** One step: ticked from what is true, and until then a button (`onClick`) or a link (`to`) to do it. */
interface SetupStep {
  done: boolean;
  label: string;
  detail: string;
  action: { onClick: () => void; busy: boolean; label: string; busyLabel: string } | { to: string; label: string };
}

function StepRow({ step: { done, label, detail, action }, next }: { step: SetupStep; next: boolean }) {
  const variant = next ? 'primary' : 'outline';
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
      {done ? null : (
        <div className="shrink-0">
          {'to' in action ? (
            <Button asChild size="sm" variant={variant}>
              <Link to={action.to}>
                {action.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button size="sm" variant={variant} onClick={action.onClick} disabled={action.busy}>
              {action.busy ? action.busyLabel : action.label}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
