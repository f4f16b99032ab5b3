import { PageHeader } from '@web/components/page-header';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { StripeIntegrationCard } from '@web/features/stripe-connection';
import { ActivityCard, TeamCard } from '@web/features/team';
import { settingsStrings as strings } from '../settings-strings';
import { CustomerContactCard } from './customer-contact-card';
import { DangerZoneCard } from './danger-zone-card';
import { NotificationsCard } from './notifications-card';
import { ProfileSettingsCard } from './profile-settings-card';
import { SessionsCard } from './sessions-card';
import { TaxSettingsCard } from './tax-settings-card';
import { TwoFactorCard } from './two-factor-card';

/**
 * /dashboard/settings: profile, notifications (docs/decisions.md #93), the contact customers see (#243), the Stripe integration, tax (GST), two-factor
 * authentication (docs/decisions.md #23), sessions (sign out everywhere), danger zone.
 */
export function SettingsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <SettingsCards />
    </div>
  );
}

function SettingsCards() {
  return (
    <WithMerchantProfile
      labels={{ loading: strings.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
    >
      {(profile) => (
        <div className="flex max-w-3xl flex-col gap-6">
          {/* Keyed by merchant: another merchant's profile starts a fresh form. */}
          <ProfileSettingsCard key={profile.merchantId} profile={profile} />
          <NotificationsCard profile={profile} />
          <CustomerContactCard key={`contact-${profile.merchantId}`} profile={profile} />
          <TeamCard key={`team-${profile.merchantId}`} />
          <ActivityCard key={`activity-${profile.merchantId}`} timeZone={profile.timeZone} />
          <StripeIntegrationCard email={profile.email} />
          <TaxSettingsCard key={`tax-${profile.merchantId}`} />
          <TwoFactorCard key={`two-factor-${profile.merchantId}`} email={profile.email} />
          <SessionsCard />
          <DangerZoneCard email={profile.email} />
        </div>
      )}
    </WithMerchantProfile>
  );
}
