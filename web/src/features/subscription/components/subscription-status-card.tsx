import { useId } from 'react';
import { CalendarClock, CircleCheck, Clock, CreditCard, TriangleAlert } from 'lucide-react';
import { TRIAL_WARNING_DAYS, type SubscriptionStatus } from '@shared/contracts/subscription';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { LoadingState } from '@web/components/loading-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { CardHeaderWithStatus } from '@web/components/card-header-with-status';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useManageSubscription } from '../hooks/use-open-billing-pages';
import { formatPlanDate, subscriptionStrings } from '../subscription-strings';
import { RoleGate } from '@web/features/team';
import { UpgradeButton } from './upgrade-button';

const strings = subscriptionStrings.card;

/**
 * The dashboard home's subscription status card: the trial's days left (a warning at 7 or
 * fewer), the Business plan with its renewal or end date, or the ended trial, each with its next step.
 */
export function SubscriptionStatusCard() {
  const subscription = useSubscriptionStatus();

  if (subscription.isPending) {
    // As tall as the trial card it turns into on a phone (~260 px), so the cards below do not jump down.
    return (
      <Card className="min-h-64 px-6">
        <LoadingState label={strings.loading} />
      </Card>
    );
  }
  if (subscription.isError) {
    return (
      <LoadFailedCard
        title={strings.unavailable}
        message={subscription.error.message}
        retryLabel={strings.retry}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  }
  const status = subscription.data;
  if (status.access === 'subscribed') return <BusinessPlanCard status={status} />;
  if (status.access === 'expired') return <TrialEndedCard />;
  return <TrialCard status={status} />;
}

function TrialCard({ status }: { status: SubscriptionStatus }) {
  const warning = status.trial_days_left <= TRIAL_WARNING_DAYS;
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn(warning && 'border-amber-300 bg-amber-50')}
      data-warning={warning || undefined}
    >
      <CardHeaderWithStatus
        title={strings.title}
        titleId={headingId}
        status={
          <Badge variant={warning ? 'warning' : 'brand'}>
            <Clock aria-hidden="true" />
            {strings.trialBadge}
          </Badge>
        }
      />
      <CardContent className="flex flex-col gap-2">
        <p className={cn('flex items-center gap-2 text-xl font-semibold', warning && 'text-amber-900')}>
          {warning ? <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-700" /> : null}
          {strings.trialDaysLeft(status.trial_days_left)}
        </p>
        <p className={cn('text-sm', warning ? 'text-amber-900' : 'text-muted-foreground')}>
          {strings.trialEnds(formatPlanDate(status.trial_end))} {strings.trialUpgrade}
        </p>
      </CardContent>
      <CardFooter>
        <UpgradeButton className="w-full sm:w-auto" />
      </CardFooter>
    </Card>
  );
}

function BusinessPlanCard({ status }: { status: SubscriptionStatus }) {
  const { manage, isOpening } = useManageSubscription();
  const ending = status.cancel_at_period_end;
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeaderWithStatus
        title={strings.title}
        titleId={headingId}
        description={strings.price}
        status={
          <Badge variant={ending ? 'warning' : status.trialing ? 'brand' : 'success'}>
            <CircleCheck aria-hidden="true" />
            {ending ? strings.endingBadge : status.trialing ? strings.trialingBadge : strings.activeBadge}
          </Badge>
        }
      />
      <CardContent className="flex flex-col gap-2">
        <p className="text-xl font-semibold">{strings.businessPlan}</p>
        {status.subscription_end ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
            {ending
              ? strings.endsOn(formatPlanDate(status.subscription_end))
              : status.trialing
                ? // Subscribed during the trial: nothing is charged until it ends (docs/decisions.md #87).
                  strings.firstChargeOn(formatPlanDate(status.subscription_end))
                : strings.renewsOn(formatPlanDate(status.subscription_end))}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        {/* The plan is the owner's (docs/decisions.md #161). */}
        <RoleGate
          least="owner"
          why={(role) => <p className="text-sm text-muted-foreground">{subscriptionStrings.planHidden(role)}</p>}
        >
          <Button variant="outline" className="w-full sm:w-auto" onClick={manage} disabled={isOpening}>
            <CreditCard aria-hidden="true" />
            {isOpening ? subscriptionStrings.openingPortal : subscriptionStrings.manage}
          </Button>
        </RoleGate>
      </CardFooter>
    </Card>
  );
}

function TrialEndedCard() {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="border-red-200">
      <CardHeaderWithStatus
        title={strings.title}
        titleId={headingId}
        status={<Badge variant="destructive">{strings.expiredBadge}</Badge>}
      />
      <CardContent className="flex flex-col gap-2">
        <p className="text-xl font-semibold">{subscriptionStrings.expired.title}</p>
        <p className="text-sm text-muted-foreground">{subscriptionStrings.expired.description}</p>
      </CardContent>
      <CardFooter>
        <UpgradeButton className="w-full sm:w-auto" />
      </CardFooter>
    </Card>
  );
}
