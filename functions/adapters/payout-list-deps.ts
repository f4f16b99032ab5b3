/** What the payout list reads: the merchant's payouts, and the merchant for the GST setting its export follows. */
import type { PayoutListDeps } from '../domain/payouts';
import { merchantStore } from './merchant-store';
import { payoutStore } from './payout-store';

export function payoutListDeps(): PayoutListDeps {
  return { payouts: payoutStore, merchants: merchantStore };
}
