import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { WithMerchantProfile } from '../../../components/with-merchant-profile';
import { SubscriptionStatusCard } from '../../subscription/components/subscription-status-card';
import { dashboardStrings } from '../dashboard-strings';

const strings = dashboardStrings.home;

/**
 * The dashboard home (spec §2). For now the welcome, the plan and the subscription status card; the stats
 * and recent payments cards arrive with the features that own their data.
 */
export function DashboardHome() {
  return (
    <WithMerchantProfile
      labels={{ loading: strings.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
    >
      {({ companyName, fullName, plan }) => (
        <div className="flex flex-col gap-8">
          <PageHeader
            title={strings.welcome(companyName ?? fullName)}
            description={plan === 'business-trial' ? strings.trialOffer : undefined}
          >
            <Badge variant="brand">{strings.planBadge}</Badge>
          </PageHeader>
          <div className="grid gap-6 lg:grid-cols-2">
            <SubscriptionStatusCard />
          </div>
        </div>
      )}
    </WithMerchantProfile>
  );
}
