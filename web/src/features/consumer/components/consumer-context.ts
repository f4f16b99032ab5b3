/** What the unlocked consumer demo gives its pages, through the route's outlet. */
import { useOutletContext } from 'react-router-dom';
import { useConsumerWallet } from '../api/consumer-api';

export interface ConsumerContext {
  /** The unlock token the wallet is read with (it never changes while unlocked). */
  token: string;
  lock: () => void;
}

/** The pages' view of the unlocked demo. */
export function useConsumerContext() {
  return useOutletContext<ConsumerContext>();
}

/**
 * The wallet, for a page: each page subscribes to the one query itself (same key, so one request shared
 * by every page). Reading the query's result through the outlet's context instead left a page that
 * mounted during the route's lazy load drawing 'Loading…' after the answer had arrived.
 */
export function useUnlockedWallet() {
  return useConsumerWallet(useConsumerContext().token);
}
