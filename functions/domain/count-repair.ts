/**
 * The schedule's second and third steps (after re-checking pending payments): finish the counts a crash or
 * a failure left owed, then seal closed days — one record at a time, so a record that keeps failing waits
 * for its own next attempt and holds back nothing but the days it is owed to (docs/architecture.md "Stats
 * and exactly-once counting"; docs/runbook.md "Counts or seals failing").
 */
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { dayInTimeZone } from './merchant-days';
import { allShards, UNCOUNTED_SHARDS, type PaymentRecord } from './payments';
import { owedCountInstants } from './money-after-sale';
import { countSettledPayment, type SettlementDeps } from './settlement';
import { sealClosedDays } from './stats';

/**
 * Retrying a failed count or seal: 5 minutes after the first failure, doubling to at most 6 hours, each
 * wait cut by up to a fifth at random so records that failed together do not all come back together.
 * From the third failure on a record is "stuck": the StuckCounts gauge (and its alarm) counts it.
 */
export const COUNT_RETRY = { firstMs: 5 * 60_000, maxMs: 6 * 60 * 60_000, stuckAfterAttempts: 3 } as const;

/**
 * Payments whose counts a scheduled run tries at most (the rest wait 5 minutes), so a run ends well within
 * its timeout; records that failed before are tried after those that have not, so a pile of failing ones
 * takes a share of one run, not every run.
 */
export const COUNTS_PER_RUN = 400;
const COUNT_CONCURRENCY = 8;

export function nextAttemptAt(now: Date, attempts: number, random = Math.random): Date {
  const wait = Math.min(COUNT_RETRY.maxMs, COUNT_RETRY.firstMs * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + Math.round(wait * (1 - random() / 5)));
}

/** `merchantId#day`: a day the schedule must not seal yet. */
export const heldDayKey = (merchantId: string, day: string) => `${merchantId}#${day}`;

/** The days (in the merchant's time zone) the payment still owes a count to. */
async function owedDays(payment: PaymentRecord, deps: Pick<SettlementDeps, 'merchants'>, zones: Map<string, string>) {
  if (!zones.has(payment.merchantId)) {
    const merchant = await deps.merchants.get(payment.merchantId);
    zones.set(payment.merchantId, merchant?.timeZone ?? DEFAULT_TIME_ZONE);
  }
  const zone = zones.get(payment.merchantId)!;
  return owedCountInstants(payment).map((instant) => dayInTimeZone(instant, zone));
}

/**
 * Tries the payment's owed counts once. On failure the payment keeps its mark and gets its next attempt
 * later than the last (`countRetryAt`), with the failure logged and counted; answers whether it finished.
 */
async function tryCounts(payment: PaymentRecord, deps: SettlementDeps): Promise<boolean> {
  try {
    const after = await countSettledPayment(payment, deps);
    if (!after.uncountedShard) return true;
    // Still marked: news keeps landing meanwhile; the next run takes it again, like any failure.
    throw new Error('the payment kept changing while its counts were recorded');
  } catch (error) {
    const attempts = (payment.countAttempts ?? 0) + 1;
    deps.telemetry.countCountRetry('count', { merchantId: payment.merchantId, paymentId: payment.paymentId });
    deps.telemetry.log.error('Finishing a count failed; it will be retried', {
      paymentId: payment.paymentId,
      merchantId: payment.merchantId,
      attempts,
      error: String(error),
    });
    await deps.payments
      .deferCount(payment.paymentId, attempts, nextAttemptAt(deps.now, attempts))
      .catch((deferError: unknown) =>
        deps.telemetry.log.error('Deferring a failed count failed', {
          paymentId: payment.paymentId,
          error: String(deferError),
        }),
      );
    return false;
  }
}

export interface CountsRun {
  /** Payments whose owed counts all landed this run. */
  counted: number;
  /** Payments still owing a count after this run (failing, not yet due, or beyond this run's share). */
  waiting: number;
  /** Days the schedule must not seal yet: `heldDayKey(merchantId, day)`. */
  heldDays: Set<string>;
  /** False when some shard could not be listed: then no day is known to be free of owed counts. */
  complete: boolean;
  /** Payments that have failed `COUNT_RETRY.stuckAfterAttempts` times or more and still owe a count. */
  stuck: number;
}

/**
 * Finishes the owed counts that are due, oldest mark first, at most `COUNTS_PER_RUN`, and answers the days
 * still owed a count. Every marked payment is listed (normally none or a few), so a payment waiting for
 * its retry is seen, and holds back its own days, without being tried again before its time.
 */
export async function finishDueCounts(deps: SettlementDeps, keepGoing: () => boolean = () => true): Promise<CountsRun> {
  const run: CountsRun = { counted: 0, waiting: 0, heldDays: new Set(), complete: true, stuck: 0 };
  const zones = new Map<string, string>();
  const due: PaymentRecord[] = [];
  const listed: PaymentRecord[] = [];
  for (const shard of allShards('uncounted', UNCOUNTED_SHARDS)) {
    try {
      listed.push(...(await deps.payments.listAllUncounted(shard)));
    } catch (error) {
      run.complete = false;
      deps.telemetry.log.error('Listing uncounted payments failed', { shard, error: String(error) });
    }
  }
  listed.sort(
    (a, b) =>
      (a.countAttempts ?? 0) - (b.countAttempts ?? 0) || (a.uncountedSince ?? '').localeCompare(b.uncountedSince ?? ''),
  );
  for (const payment of listed) {
    const isDue = !payment.countRetryAt || Date.parse(payment.countRetryAt) <= deps.now.getTime();
    if (isDue && due.length < COUNTS_PER_RUN) due.push(payment);
    else {
      run.waiting++;
      if ((payment.countAttempts ?? 0) >= COUNT_RETRY.stuckAfterAttempts) run.stuck++;
      await holdDaysOf(payment, deps, zones, run);
    }
  }
  // A few at once (each is a handful of DynamoDB calls), so a run's share finishes in seconds.
  for (let start = 0; start < due.length; start += COUNT_CONCURRENCY) {
    await Promise.all(
      due.slice(start, start + COUNT_CONCURRENCY).map(async (listedCopy) => {
        // Out of time (the run's sealing needs the rest): not tried, so it holds back its days like a wait.
        if (!keepGoing()) {
          run.waiting++;
          await holdDaysOf(listedCopy, deps, zones, run);
          return;
        }
        // The index's copy may lag: the payment itself says whether a count is still owed.
        const payment = await deps.payments.get(listedCopy.paymentId).catch(() => listedCopy);
        if (!payment?.uncountedShard) return;
        if (await tryCounts(payment, deps)) {
          run.counted++;
          return;
        }
        run.waiting++;
        if ((payment.countAttempts ?? 0) + 1 >= COUNT_RETRY.stuckAfterAttempts) run.stuck++;
        await holdDaysOf(payment, deps, zones, run);
      }),
    );
  }
  return run;
}

async function holdDaysOf(
  payment: PaymentRecord,
  deps: Pick<SettlementDeps, 'merchants' | 'telemetry'>,
  zones: Map<string, string>,
  run: CountsRun,
) {
  try {
    for (const day of await owedDays(payment, deps, zones)) run.heldDays.add(heldDayKey(payment.merchantId, day));
  } catch (error) {
    // Its days cannot be told: then no day may be sealed this run.
    run.complete = false;
    deps.telemetry.log.error('The days a payment owes could not be told', {
      paymentId: payment.paymentId,
      error: String(error),
    });
  }
}

/**
 * Finishes due counts while `keepCounting` allows (the re-verify run keeps the end of its time for sealing:
 * docs/decisions.md #126), then seals every closed day not held back by a count still owed to it.
 */
export async function finishCountsAndSeal(
  deps: SettlementDeps,
  limits: { sealPerShard: number },
  keepCounting: () => boolean = () => true,
): Promise<{ counted: number; sealed: number }> {
  const counts = await finishDueCounts(deps, keepCounting);
  const sealed = counts.complete
    ? await sealClosedDays(
        { stats: deps.stats, now: deps.now, telemetry: deps.telemetry },
        { holdDays: counts.heldDays, limitPerShard: limits.sealPerShard, nextAttemptAt },
      )
    : 0;
  // Every run reports, 0 when nothing is stuck, so the alarm always has data.
  const stuckSeals = await deps.stats.countStuckSeals(COUNT_RETRY.stuckAfterAttempts).catch(() => 0);
  deps.telemetry.gaugeStuckCounts(counts.stuck + stuckSeals);
  return { counted: counts.counted, sealed };
}

/**
 * Verify & Refresh's part: the merchant's own marked payments, tried now whatever their retry time (the
 * merchant asked), each failure deferred as the schedule would.
 */
export async function finishMerchantCounts(merchantId: string, deps: SettlementDeps, limitPerShard: number) {
  for (const shard of allShards('uncounted', UNCOUNTED_SHARDS)) {
    for (const listed of await deps.payments.listUncounted(shard, limitPerShard, merchantId)) {
      const payment = await deps.payments.get(listed.paymentId);
      if (payment?.uncountedShard) await tryCounts(payment, deps);
    }
  }
}
