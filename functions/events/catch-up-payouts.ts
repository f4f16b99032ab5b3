/**
 * The payout catch-up, every 30 minutes: payouts whose webhook was lost are found by asking Stripe, only for merchants
 * with payments in the last days (their unsealed stats days) — docs/decisions.md #56.
 */
import type { Context } from 'aws-lambda';
import { payoutDeps } from '../adapters/payout-deps';
import { log, observed } from '../adapters/observability';
import { statsStore } from '../adapters/stats-store';
import { catchUpPayouts } from '../domain/payout-recording';
import { addDays } from '../domain/merchant-days';
import { allUnsealedShards } from '../domain/stats';

/** Unsealed days read per shard per run at most, newest first; the watch list keeps the rest from earlier runs. */
const ACTIVE_DAYS_PER_SHARD = 2000;
/**
 * Days back a merchant's unsealed day counts as "lately": a day seals two days after it ends, so an older
 * unsealed day is one held or failing, not a sign of payments (docs/decisions.md #128).
 */
const ACTIVE_DAYS_BACK = 4;

async function handle(_event: unknown, context?: Context): Promise<void> {
  const now = new Date();
  const active: string[] = [];
  // Newest first from a few days back (UTC less a day covers every time zone's "yesterday").
  const fromDay = addDays(now.toISOString().slice(0, 10), -ACTIVE_DAYS_BACK);
  for (const shard of allUnsealedShards()) {
    // A day item is unsealed until two days after it ended: its merchant took a payment in the last days.
    active.push(...(await statsStore.listMerchantsWithDaysSince(shard, fromDay, ACTIVE_DAYS_PER_SHARD)));
  }
  const remainingMs = () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY;
  const run = await catchUpPayouts(active, await payoutDeps(now, remainingMs));
  if (run.checked || run.recorded || run.unfinished) log.info('Payout catch-up run', { ...run });
}

export const handler = observed(handle);
