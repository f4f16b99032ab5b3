import { LoadFailedCard } from '../../../components/load-failed-card';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { useMerchantProfile } from '../../../lib/merchant-profile';
import { SubscriptionStatusCard } from '../../subscription/components/subscription-status-card';
import { dashboardStrings } from '../dashboard-strings';

const strings = dashboardStrings.home;

/**
 * The dashboard home (spec §2). For now the welcome, the plan and the subscription status card; the stats
 * and recent payments cards arrive with the features that own their data.
 */
export function DashboardHome() {
  const profile = useMerchantProfile();

  if (profile.isPending) return <LoadingState label={strings.loading} />;
  if (profile.isError) {
    return (
      <LoadFailedCard
        title={strings.profileUnavailable}
        message={profile.error.message}
        retryLabel={strings.retry}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }

  const { companyName, fullName, plan } = profile.data;
  return (
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
  );
}
