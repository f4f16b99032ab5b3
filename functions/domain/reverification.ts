/**
 * Re-verification (DECISIONS row 8): payments whose webhook never came are settled by asking Stripe, from
 * the server — every 5 minutes for every merchant (the schedule), and on demand for one merchant (Verify &
 * Refresh). Both go through the webhook's own `settlePaymentFromSession`, so whichever comes first wins and
 * the other changes nothing. The schedule then finishes counts a crash left undone and seals closed days.
 */
import { finishCountsAndSeal, finishMerchantCounts } from './count-repair';
import { allShards, PENDING_SHARDS, type PaymentRecord } from './payments';
import { settlePaymentFromSession, type SettlementDeps } from './settlement';

/**
 * A Checkout session lives 24 hours, and Stripe expires it at that moment. Checking for one hour longer
 * lets the schedule see `expired` itself when the expired webhook was lost too, so an abandoned payment
 * leaves the pending list instead of staying pending for ever.
 */
export const REVERIFY_WINDOW_MS = 25 * 60 * 60 * 1000;

/**
 * Work per scheduled run, so a run ends well within its timeout whatever piles up: the rest waits for the
 * next run, 5 minutes later. Oldest first, so the payments nearest their session's expiry go first.
 */
export const REVERIFY_LIMITS = { pendingPerShard: 100, uncountedPerShard: 100, sealPerShard: 200 } as const;

/** Stripe calls in flight at once. */
const STRIPE_CONCURRENCY = 8;

export interface VerifyResult {
  checked: number;
  settled: number;
}

/** A check's result, plus when the oldest payment it found stuck became pending (for the schedule's gauge). */
interface RecheckResult extends VerifyResult {
  /**
   * Stuck: Stripe has finished with the session (paid or expired) yet the payment is still pending here, or
   * it could not be checked at all. A payer still on Checkout is not stuck: a session stays open 24 hours.
   */
  oldestStuckSince?: number;
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(work));
}

/**
 * Asks Stripe for each listed payment's Checkout session and settles what it says. One failure (Stripe or
 * ours) is logged and skipped: the payment stays pending and the next check tries again.
 */
async function recheckPending(listed: readonly PaymentRecord[], deps: SettlementDeps): Promise<RecheckResult> {
  const result: RecheckResult = { checked: 0, settled: 0 };
  const stuck = (since: string) => {
    const at = Date.parse(since);
    if (Number.isFinite(at)) result.oldestStuckSince = Math.min(result.oldestStuckSince ?? at, at);
  };
  await inBatches(listed, STRIPE_CONCURRENCY, async ({ paymentId, createdAt }) => {
    try {
      // The index's copy may lag: a payment the webhook settled a moment ago needs no call to Stripe.
      const payment = await deps.payments.get(paymentId);
      if (!payment || payment.status !== 'pending' || !payment.checkoutSessionId) return;
      const session = await deps.stripe.checkout.sessions.retrieve(
        payment.checkoutSessionId,
        {},
        { stripeAccount: payment.stripeAccountId },
      );
      result.checked++;
      const after = await settlePaymentFromSession(payment, session, deps);
      if (after.status !== 'pending') {
        result.settled++;
        // The webhook had not settled it: Stripe's delivery (or our consumer) is behind or lost.
        deps.telemetry.countReverificationRecovery(after, after.status);
        deps.telemetry.log.info('Re-verification settled a pending payment', {
          paymentId,
          merchantId: after.merchantId,
          status: after.status,
        });
      } else if (session.status !== 'open' && !(session.status === 'complete' && session.payment_status !== 'paid')) {
        stuck(payment.createdAt);
      }
    } catch (error) {
      stuck(createdAt);
      deps.telemetry.log.error('Re-verifying a pending payment failed', { paymentId, error: String(error) });
    }
  });
  return result;
}

export interface ReverifyRun extends VerifyResult {
  /** Days rolled into their month and the lifetime this run. */
  sealed: number;
}

/** The schedule: every pending shard, then every uncounted payment, then sealing. */
export async function reverifyPendingPayments(deps: SettlementDeps): Promise<ReverifyRun> {
  const since = new Date(deps.now.getTime() - REVERIFY_WINDOW_MS).toISOString();
  const run: ReverifyRun = { checked: 0, settled: 0, sealed: 0 };
  let oldestStuckSince: number | undefined;
  for (const shard of allShards('pending', PENDING_SHARDS)) {
    const result = await recheckPending(
      await deps.payments.listPending(shard, since, REVERIFY_LIMITS.pendingPerShard),
      deps,
    );
    run.checked += result.checked;
    run.settled += result.settled;
    if (result.oldestStuckSince !== undefined) {
      oldestStuckSince = Math.min(oldestStuckSince ?? result.oldestStuckSince, result.oldestStuckSince);
    }
  }
  // Every run reports, 0 when nothing is stuck, so the "pending over an hour" alarm always has data.
  deps.telemetry.gaugeOldestStuckPending(oldestStuckSince === undefined ? 0 : deps.now.getTime() - oldestStuckSince);

  // Then the counts a crash or a failure left owed, and sealing (count-repair.ts): one record at a time.
  run.sealed = (await finishCountsAndSeal(deps, { sealPerShard: REVERIFY_LIMITS.sealPerShard })).sealed;
  return run;
}

/**
 * Verify & Refresh: the same check for one merchant's pending payments (and its interrupted counts) only.
 * The merchant comes from the verified token, so another merchant's payments are never touched.
 */
export async function verifyMerchantPayments(merchantId: string, deps: SettlementDeps): Promise<VerifyResult> {
  const since = new Date(deps.now.getTime() - REVERIFY_WINDOW_MS).toISOString();
  const { checked, settled } = await recheckPending(
    await deps.payments.listPendingOfMerchant(merchantId, since, REVERIFY_LIMITS.pendingPerShard),
    deps,
  );
  const result: VerifyResult = { checked, settled };
  await finishMerchantCounts(merchantId, deps, REVERIFY_LIMITS.uncountedPerShard);
  return result;
}
