import { Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LiveIndicator } from '@web/components/live-indicator';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { PlanBadge, SubscriptionStatusCard } from '@web/features/subscription';
import { dashboardStrings } from '../dashboard-strings';
import { BusinessOverviewCard } from './business-overview-card';
import { BusinessStatusCard } from './business-status-card';
import { MaterialsKitCard } from './materials-kit-card';
import { NotificationsCard } from './notifications-card';
import { QuickActionsCard } from './quick-actions-card';
import { RecentPaymentsCard } from './recent-payments-card';
import { SalesAnalyticsCard } from './sales-analytics-card';

const strings = dashboardStrings.home;

/**
 * The dashboard home: welcome and plan, the subscription (or, on the Business plan, live
 * notifications), recent payments, the Business Overview with Verify & Refresh, sales per day, quick
 * actions, business status and the Materials Kit. Everything payment-related refreshes by itself when
 * a realtime push arrives (the shell's RealtimeProvider invalidates it).
 */
export function DashboardHome() {
  return (
    <WithMerchantProfile
      labels={{ loading: strings.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
    >
      {({ companyName, fullName, plan, currency, timeZone }) => (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <PageHeader
              title={strings.welcome(companyName ?? fullName)}
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
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {plan === 'business' ? <NotificationsCard /> : <SubscriptionStatusCard />}
            <RecentPaymentsCard timeZone={timeZone} />
          </div>
          <BusinessOverviewCard />
          <SalesAnalyticsCard />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <QuickActionsCard />
            <BusinessStatusCard companyName={companyName} currency={currency} />
          </div>
          {plan === 'business' ? (
            // Subscribed: the plan card (renewal, Manage subscription) moves down beside the Materials Kit.
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <MaterialsKitCard />
              <SubscriptionStatusCard />
            </div>
          ) : (
            <MaterialsKitCard />
          )}
        </div>
      )}
    </WithMerchantProfile>
  );
}
