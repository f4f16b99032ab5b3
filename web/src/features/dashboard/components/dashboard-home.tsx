import { LoadFailedCard } from '../../../components/load-failed-card';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { useMerchantProfile } from '../../../lib/merchant-profile';
import { dashboardStrings } from '../dashboard-strings';

const strings = dashboardStrings.home;

/**
 * The dashboard home (spec §2). For now the welcome and the plan; the stats, recent payments and
 * subscription cards arrive with the features that own their data.
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
    <PageHeader
      title={strings.welcome(companyName ?? fullName)}
      description={plan === 'business-trial' ? strings.trialOffer : undefined}
    >
      <Badge variant="brand">{strings.planBadge}</Badge>
    </PageHeader>
  );
}
