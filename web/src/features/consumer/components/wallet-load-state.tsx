import type { ReactNode } from 'react';
import type { ConsumerWallet } from '@shared/contracts/consumer';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { LoadingState } from '@web/components/loading-state';
import { consumerStrings as strings } from '../consumer-strings';
import { useUnlockedWallet } from './consumer-context';

/** Loading, 'Failed to load consumer data' with a retry, or the page drawn from the wallet. */
export function WithWallet({ children }: { children: (wallet: ConsumerWallet) => ReactNode }) {
  const wallet = useUnlockedWallet();
  if (wallet.data) return children(wallet.data);
  if (wallet.isError) {
    return (
      <LoadFailedCard
        title={strings.loadFailedTitle}
        message={strings.loadFailed}
        retryLabel={strings.retry}
        onRetry={() => void wallet.refetch()}
        retrying={wallet.isFetching}
      />
    );
  }
  return <LoadingState label={strings.loading} />;
}
