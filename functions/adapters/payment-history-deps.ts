import { merchantStore } from './merchant-store';
import { paymentHistoryStore } from './payment-history-store';

/** The merchant's payment list: the history store and the merchant (for the time zone). */
export function paymentListDeps() {
  return { history: paymentHistoryStore, merchants: merchantStore };
}
