/**
 * The payout catch-up, every 30 minutes: payouts whose webhook was lost are found by asking Stripe, only for merchants
 * with payments in the last days (their unsealed stats days) — docs/decisions.md #56.
 */
import { payoutDeps } from '../adapters/payout-deps';
import { log, observed } from '../adapters/observability';
import { statsStore } from '../adapters/stats-store';
import { catchUpPayouts } from '../domain/payouts';
import { allUnsealedShards } from '../domain/stats';

/** Merchants read from the unsealed days per run at most; the watch list keeps the rest from earlier runs. */
const ACTIVE_DAYS_PER_SHARD = 2000;
/** Every unsealed day, whatever the merchant's time zone makes today. */
const LAST_DAY = '9999-12-31';

async function handle(): Promise<void> {
  const now = new Date();
  const active: string[] = [];
  for (const shard of allUnsealedShards()) {
    // A day item is unsealed until two days after it ended: its merchant took a payment in the last days.
    const days = await statsStore.listUnsealedDays(shard, LAST_DAY, ACTIVE_DAYS_PER_SHARD);
    active.push(...days.map((day) => day.merchantId));
  }
  const run = await catchUpPayouts(active, await payoutDeps(now));
  if (run.checked || run.recorded) log.info('Payout catch-up run', { ...run });
}

export const handler = observed(handle);
