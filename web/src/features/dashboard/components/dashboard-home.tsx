import { Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MerchantProfile } from '@shared/contracts/merchant';
import { LiveIndicator } from '@web/components/live-indicator';
import { LoadingState } from '@web/components/loading-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { usePaymentLinks } from '@web/lib/payment-links-api';
import { isNewMerchant } from '../dashboard-frame-strings';
import { useStripeConnection } from '@web/lib/stripe-connection-api';
import { PlanBadge, SubscriptionStatusCard, useSubscriptionStatus } from '@web/features/subscription';
import { businessesQuery } from '@web/features/team';
import { useDashboardStats, useRecentPayments } from '../api/dashboard-queries';
import { dashboardStrings } from '../dashboard-strings';
import { useShowsOwnerCards } from '../hooks/use-owner-cards';
import { BusinessOverviewCard } from './business-overview-card';
import { BusinessStatusCard } from './business-status-card';
import { MaterialsKitCard } from './materials-kit-card';
import { QuickActionsCard } from './quick-actions-card';
import { RecentPaymentsCard } from './recent-payments-card';
import { SetupChecklistCard } from './setup-checklist-card';
import { SalesAnalyticsCard } from './sales-analytics-card';

const strings = dashboardStrings.home;

/**
 * The dashboard home: welcome and plan, a new merchant's setup checklist, the subscription and recent
 * payments, the Business Overview with Verify & Refresh, sales per day, quick
 * actions, business status and the Materials Kit. Everything payment-related refreshes by itself when
 * a realtime push arrives (the shell's RealtimeProvider invalidates it). A Manager or Staff member sees the
 * same without the owner's: no plan, checklist or way to connect Stripe (docs/decisions.md #282).
 */
export function DashboardHome() {
  const cardsReady = useFirstScreenReads();
  return (
    <WithMerchantProfile
      labels={{ loading: strings.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
    >
      {(profile) => <HomeContent profile={profile} cardsReady={cardsReady} />}
    </WithMerchantProfile>
  );
}

/**
 * Every read the home draws has started in its route's loader, at once, from the app's own chunk
 * (api/home-loader.ts, docs/decisions.md #102, #180, #217): not the profile first and the cards' reads once it
 * has arrived. The cards read the same queries (one request each). `true` once the reads that shape the first
 * screen are in (or failed): the checklist, which appears above the cards only when the Stripe connection and
 * the links say so, the plan and the newest payments. Drawn together, nothing on the phone's first screen is
 * pushed down after it is painted.
 *
 * A read counts once it has answered at all (`isFetched`), so a card's own retry, which puts a failed read
 * back to pending, does not fold the page back into its loading words (and mount the card again, which
 * retries again).
 */
function useFirstScreenReads(): boolean {
  const shaping = [
    useMerchantProfile(),
    useStripeConnection(),
    usePaymentLinks(),
    useSubscriptionStatus(),
    useRecentPayments(),
    // The person's role: whether the checklist (the owner's) is theirs to see.
    useQuery(businessesQuery),
  ];
  useDashboardStats(); // further down: started now, not waited for
  return shaping.every((read) => read.isFetched);
}

/** "Welcome" for a new merchant, "Welcome back" after (docs/decisions.md #206). */
function useWelcomesNewMerchant(createdAt: string): boolean {
  // Read once, when the page first draws: the heading does not change under the merchant's eyes.
  const [isNew] = useState(() => isNewMerchant(createdAt));
  return isNew;
}

/**
 * The heading as soon as the profile is in (it is the page's largest text, and all it needs is the
 * profile); the cards below it once `cardsReady`, in its loading words' place, so nothing painted moves.
 */
function HomeContent({ profile, cardsReady }: { profile: MerchantProfile; cardsReady: boolean }) {
  const { plan } = profile;
  const firstVisit = useWelcomesNewMerchant(profile.createdAt);
  const ownerCards = useShowsOwnerCards();
  // When the reads are in already as the page first draws (the entry started them, docs/decisions.md #276), the
  // shell, the heading and the first screen's cards would be one long render: the cards take the next task.
  const headingPainted = useAfterFirstPaint();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={strings.welcome(profile, firstVisit)}
          description={ownerCards && plan === 'business-trial' ? strings.trialOffer : undefined}
        >
          {ownerCards ? <PlanBadge plan={plan} /> : null}
          <LiveIndicator />
        </PageHeader>
        <Button asChild size="lg" className="self-start sm:self-auto">
          <Link to="/dashboard/create-link">
            <Plus aria-hidden="true" />
            {strings.createPaymentLink}
          </Link>
        </Button>
      </div>
      {!cardsReady ? <LoadingState label={strings.loading} /> : headingPainted ? <HomeCards profile={profile} /> : null}
    </div>
  );
}

/**
 * The cards. The first screen's (the checklist, the plan, the newest payments) are drawn as the reads arrive;
 * the cards below them in the browser's next task, after that first screen has painted (docs/decisions.md #217).
 * Preact renders a tree in one go (its `startTransition` and `useDeferredValue` do not slice the work, unlike
 * React's), so drawing every card at once was one long task that a tap waited behind and that held the first
 * screen's paint; below the first screen, the later cards push nothing painted down.
 */
function HomeCards({ profile: { companyName, currency, timeZone } }: { profile: MerchantProfile }) {
  const firstScreenPainted = useAfterFirstPaint();
  const ownerCards = useShowsOwnerCards();
  return (
    <>
      <SetupChecklistCard />
      {/* The prime slot holds what changes: the plan and the newest payments. That payments arrive live
          is said by the Live indicator and the Recent Payments card, not by a card of help text. */}
      {ownerCards ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <SubscriptionStatusCard />
          <RecentPaymentsCard timeZone={timeZone} />
        </div>
      ) : (
        <RecentPaymentsCard timeZone={timeZone} />
      )}
      {firstScreenPainted ? (
        <>
          <BusinessOverviewCard />
          <SalesAnalyticsCard />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <QuickActionsCard />
            <BusinessStatusCard companyName={companyName} currency={currency} connectsStripe={ownerCards} />
          </div>
          <MaterialsKitCard />
        </>
      ) : null}
    </>
  );
}

/** `false` for the render that mounts the caller, `true` from a task after the browser has painted it. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // An effect runs once the commit is painted (Preact) or about to be (React); the timer makes the next render
    // a task of its own either way.
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}
