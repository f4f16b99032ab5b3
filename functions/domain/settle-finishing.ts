/**
 * Finishing the settles nobody finished (docs/decisions.md #125). The write that moves a
 * payment's status takes it off the re-verify list, so whatever fails after it — the place ledger throttled,
 * the receipt counter, the payment request, the live update, or a timeout — would otherwise never be
 * tried again. That write also puts the payment on the sparse `unfinishedSettles` index, due a minute later
 * (`SETTLE_FINISH_GRACE_MS`); the settle's last write takes it off. The schedule takes the due ones and
 * runs the same settle again at the status the payment already has: every step after the status write
 * refuses a repeat (the place by the link's set of holds, the count by the day's set, the receipt number by
 * its condition, the request by its status, the email by its claim), so it does what is left, once.
 */
import { nextAttemptAt } from './count-repair';
import { inBatches } from './in-batches';
import { allShards, UNFINISHED_SHARDS, type UnfinishedSettle } from './payments';
import { settle, type SettlementDeps } from './settlement';

/** Settles finished per run at most, most overdue first: a pile waits for the next run, 5 minutes later. */
export const SETTLES_FINISHED_PER_RUN = 200;
/** Each is a handful of DynamoDB calls and one PutEvents. */
const FINISH_CONCURRENCY = 8;

export interface FinishRun {
  /** Settles finished this run. */
  finished: number;
  /** Settles tried and failed again (each deferred, later each time). */
  failed: number;
}

/**
 * Finishes the unfinished settles due by `deps.now`, while `keepGoing` says the run has time for another.
 * A failure is logged and the payment's next attempt put later (count-repair.ts's backoff), so a settle
 * that keeps failing takes its turn instead of the head of every run.
 */
export async function finishUnfinishedSettles(deps: SettlementDeps, keepGoing: () => boolean): Promise<FinishRun> {
  const run: FinishRun = { finished: 0, failed: 0 };
  const nowIso = deps.now.toISOString();
  const listed: UnfinishedSettle[] = [];
  for (const shard of allShards('unfinished', UNFINISHED_SHARDS)) {
    try {
      listed.push(...(await deps.payments.listUnfinishedSettles(shard, nowIso, SETTLES_FINISHED_PER_RUN)));
    } catch (error) {
      deps.telemetry.log.error('Listing unfinished settles failed', { shard, error: String(error) });
    }
  }
  const due = listed
    .sort((a, b) => (a.finishDueAt ?? '').localeCompare(b.finishDueAt ?? ''))
    .slice(0, SETTLES_FINISHED_PER_RUN);
  await inBatches(due, FINISH_CONCURRENCY, async ({ paymentId, finishAttempts }) => {
    if (!keepGoing()) return;
    try {
      // The index's copy may lag: the payment itself says whether its settle is still unfinished.
      const payment = await deps.payments.get(paymentId);
      if (!payment?.unfinishedShard) return;
      // At the status it has: nothing moves again, and each step left undone is done once.
      await settle(payment, payment.status, {}, deps);
      run.finished++;
      deps.telemetry.log.info('Finished an interrupted settle', { paymentId, status: payment.status });
    } catch (error) {
      run.failed++;
      const attempts = (finishAttempts ?? 0) + 1;
      deps.telemetry.log.error('Finishing a settle failed; it will be retried', {
        paymentId,
        attempts,
        error: String(error),
      });
      await deps.payments
        .deferSettleFinish(paymentId, attempts, nextAttemptAt(deps.now, attempts))
        .catch((deferError: unknown) =>
          deps.telemetry.log.error('Deferring an unfinished settle failed', {
            paymentId,
            error: String(deferError),
          }),
        );
    }
  });
  return run;
}
