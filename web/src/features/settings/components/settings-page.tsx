import { LoadFailedCard } from '../../../components/load-failed-card';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { useMerchantProfile } from '../../../lib/merchant-profile';
import { StripeIntegrationCard } from '../../stripe-connection/components/stripe-integration-card';
import { useStripeReturn } from '../../stripe-connection/hooks/use-stripe-return';
import { settingsStrings as strings } from '../settings-strings';
import { DangerZoneCard } from './danger-zone-card';
import { ProfileSettingsCard } from './profile-settings-card';

/** /dashboard/settings (spec §2): profile, the Stripe integration (and Stripe's return here), danger zone. */
export function SettingsPage() {
  useStripeReturn();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <SettingsCards />
    </div>
  );
}

function SettingsCards() {
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
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {/* Keyed by merchant: another merchant's profile starts a fresh form. */}
      <ProfileSettingsCard key={profile.data.merchantId} profile={profile.data} />
      <StripeIntegrationCard email={profile.data.email} />
      <DangerZoneCard email={profile.data.email} />
    </div>
  );
}
