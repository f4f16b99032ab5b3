import { useCallback, useEffect, useState } from 'react';
import { readStoredUnlock, storeUnlock, useConsumerWallet, type ConsumerUnlock } from '../api/consumer-api';
import { consumerStrings as strings } from '../consumer-strings';
import { ConsumerGatePage } from './consumer-gate-page';
import { ConsumerShell } from './consumer-shell';
import { PageDescription } from '@web/components/page-description';

/**
 * /consumer/*: the password gate until this browser session is unlocked, then the
 * demo's pages in its shell. An unlock the server no longer accepts (expired, or the password changed)
 * shows the gate again.
 */
export function ConsumerAppRoute() {
  const [unlock, setUnlock] = useState<ConsumerUnlock | null>(readStoredUnlock);
  const lock = useCallback(() => {
    storeUnlock(null);
    setUnlock(null);
  }, []);
  const unlocked = (next: ConsumerUnlock) => {
    storeUnlock(next);
    setUnlock(next);
  };
  return (
    <>
      <PageDescription content={strings.description} />
      {unlock ? <UnlockedConsumerApp token={unlock.token} lock={lock} /> : <ConsumerGatePage onUnlocked={unlocked} />}
    </>
  );
}

function UnlockedConsumerApp({ token, lock }: { token: string; lock: () => void }) {
  const wallet = useConsumerWallet(token);
  const refused = wallet.error && 'status' in wallet.error && wallet.error.status === 401;
  useEffect(() => {
    if (refused) lock();
  }, [refused, lock]);
  return <ConsumerShell context={{ token, lock }} />;
}
