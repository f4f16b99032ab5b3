/**
 * Renders its children with the signed-in merchant's profile once it has loaded; until then the page's
 * loading words, and if it cannot load, the page's error card with a retry. A re-read that fails once the
 * profile is on screen (a push asks every query again) keeps the page and any dialog open on it.
 */
import type { ReactNode } from 'react';
import type { MerchantProfile } from '@shared/contracts/merchant';
import { useMerchantProfile } from '../lib/merchant-profile';
import { LoadFailedCard } from './load-failed-card';
import { LoadingState } from './loading-state';

export interface WithMerchantProfileProps {
  labels: { loading: string; unavailable: string; retry: string };
  children: (profile: MerchantProfile) => ReactNode;
}

export function WithMerchantProfile({ labels, children }: WithMerchantProfileProps) {
  const profile = useMerchantProfile();
  if (profile.isPending) return <LoadingState label={labels.loading} />;
  if (profile.isLoadingError) {
    return (
      <LoadFailedCard
        title={labels.unavailable}
        message={profile.error.message}
        retryLabel={labels.retry}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return children(profile.data);
}
