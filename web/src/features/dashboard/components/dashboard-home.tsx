import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MerchantProfile } from '@shared/contracts/merchant';
import { LiveIndicator } from '@web/components/live-indicator';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { useSetupProgress } from '@web/lib/setup-progress';
import { PlanBadge, SubscriptionStatusCard } from '@web/features/subscription';
import { dashboardStrings } from '../dashboard-strings';
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
 * a realtime push arrives (the shell's RealtimeProvider invalidates it).
 */
export function DashboardHome() {
  return (
    <WithMerchantProfile
      labels={{ loading: strings.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
    >
      {(profile) => <HomeContent profile={profile} />}
    </WithMerchantProfile>
  );
}

/** "Welcome" on the merchant's first visit (in this browser), "Welcome back" after (docs/decisions.md #88). */
function useFirstVisit(): boolean {
  const { progress, record } = useSetupProgress();
  // Read once, when the page first draws: the visit stays the first one until the merchant leaves it.
  const [firstVisit] = useState(() => !progress.welcomed);
  useEffect(() => record('welcomed'), [record]);
  return firstVisit;
}

function HomeContent({ profile }: { profile: MerchantProfile }) {
  const { companyName, fullName, plan, currency, timeZone } = profile;
  const firstVisit = useFirstVisit();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={strings.welcome(companyName ?? fullName, firstVisit)}
          description={plan === 'business-trial' ? strings.trialOffer : undefined}
        >
          <PlanBadge plan={plan} />
          <LiveIndicator />
        </PageHeader>
        <Button asChild size="lg" className="self-start sm:self-auto">
          <Link to="/dashboard/create-link">
            <Plus aria-hidden="true" />
            {strings.createPaymentLink}
          </Link>
        </Button>
      </div>
      <SetupChecklistCard />
      {/* The prime slot holds what changes: the plan and the newest payments. That payments arrive live
          is said by the Live indicator and the Recent Payments card, not by a card of help text. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SubscriptionStatusCard />
        <RecentPaymentsCard timeZone={timeZone} />
      </div>
      <BusinessOverviewCard />
      <SalesAnalyticsCard />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <QuickActionsCard />
        <BusinessStatusCard companyName={companyName} currency={currency} />
      </div>
      <MaterialsKitCard />
    </div>
  );
}
