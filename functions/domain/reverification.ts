/**
 * Re-verification (docs/decisions.md #8): payments whose webhook never came are settled by asking Stripe, from
 * the server — every 5 minutes for every merchant (the schedule), and on demand for one merchant (Verify &
 * Refresh). Both go through the webhook's own `settlePaymentFromSession`, so whichever comes first wins and
 * the other changes nothing. The schedule then finishes counts a crash left undone and seals closed days.
 */
import { isUnusedCheckout, unusedCheckoutAt } from './checkout-holds';
import { DELAYED_REVERIFY_WINDOW_MS } from './delayed-payments';
import { isUnsettled } from './payment-status';
import type { StripeCheckoutSession } from './stripe-port';
import { finishCountsAndSeal, finishMerchantCounts } from './count-repair';
import { inBatches } from './in-batches';
import { canTakePayments } from './payment-links';
import { allShards, PENDING_SHARDS, type PaymentRecord } from './payments';
import { finishUnfinishedSettles } from './settle-finishing';
import { settle, settlePaymentFromSession, type SettlementDeps } from './settlement';

/**
 * A Checkout session lives at most 24 hours (a payer's, 31 minutes: #59), and Stripe expires it at that
 * moment. Checking for one hour longer
 * lets the schedule see `expired` itself when the expired webhook was lost too, so an abandoned payment
 * leaves the pending list instead of staying pending for ever.
 */
export const REVERIFY_WINDOW_MS = 25 * 60 * 60 * 1000;

/**
 * How long a payment is asked about: an open Checkout for its session's life, a pending one (Checkout
 * completed, a bank debit with the bank) for as long as the bank may take (docs/decisions.md #131).
 */
export function hasOutlivedReverification(payment: Pick<PaymentRecord, 'status' | 'createdAt'>, now: Date): boolean {
  const window = payment.status === 'pending' ? DELAYED_REVERIFY_WINDOW_MS : REVERIFY_WINDOW_MS;
  return payment.createdAt < new Date(now.getTime() - window).toISOString();
}

/**
 * Work per scheduled run, so a run ends well within its timeout whatever piles up: the rest waits for the
 * next run, 5 minutes later. `pendingPerShard` is for Verify & Refresh (one merchant's oldest pending).
 */
export const REVERIFY_LIMITS = { pendingPerShard: 100, uncountedPerShard: 100, sealPerShard: 200 } as const;

/**
 * The schedule's Stripe budget: at most this many session checks per run (a quarter per pending shard),
 * about 1,000 × 100 ms / 8 in flight ≈ 13 s of a run's 5 minutes. Every pending payment is due at once when
 * created and then further apart (`nextCheckDelayMs`), so 2,000 fresh pending payments are all checked
 * within two runs, and an abandoned Checkout costs a few checks before its 31 minutes are up (#59).
 */
export const REVERIFY_CHECKS_PER_RUN = 1_000;
/**
 * A run's time is the Lambda's own remaining time (docs/decisions.md #126), of which the end is
 * kept for what must happen every run: count repair and sealing take the last 30 s (a full share, 400
 * counts and 150 days, took 16–20 s on the local runtime's slower store, 39 s on a loaded machine:
 * `PAYLINK_BENCH_ONLY=reverify npm run bench`; counts stop starting at 15 s left whatever they take); finishing interrupted settles stops starting 10 s before that; and checks stop starting early
 * enough that one in flight — three Stripe calls one after another (the session, its expiry, the payment
 * intent), each at most the client's ~10.5 s with its retry — ends before then. What is left waits for the
 * next run, the most overdue first.
 */
export const RESERVED_FOR_COUNTS_AND_SEALING_MS = 30_000;
/** Of those, counts stop starting with this much left, for sealing (a count not tried holds its days back). */
export const RESERVED_FOR_SEALING_MS = 15_000;
export const RESERVED_FOR_FINISHING_SETTLES_MS = 10_000;
export const CHECK_IN_FLIGHT_MS = 32_000;
export const RESERVED_AFTER_CHECKS_MS =
  RESERVED_FOR_COUNTS_AND_SEALING_MS + RESERVED_FOR_FINISHING_SETTLES_MS + CHECK_IN_FLIGHT_MS;
/**
 * A payment with no Checkout session this long after it was created never gets one: the invocation that
 * was making it (create-checkout, 25 s) died between the payment's write and the session's. Its place is
 * freed then, not held for ever (docs/decisions.md #127).
 */
export const SESSION_NEVER_MADE_AFTER_MS = 10 * 60 * 1000;
const FIRST_RECHECK_MS = 5 * 60 * 1000;
/** Sorts after every real time: a payment scheduled here is never due again. */
const NO_MORE_CHECKS = '9999-12-31T23:59:59.999Z';
const LONGEST_RECHECK_MS = 2 * 60 * 60 * 1000;

/** After `checks` checks found a payment still pending (or failed): 5, 10, 20… minutes, at most 2 hours. */
export function nextCheckDelayMs(checks: number): number {
  return Math.min(FIRST_RECHECK_MS * 2 ** Math.max(0, checks - 1), LONGEST_RECHECK_MS);
}

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
   * it could not be checked at all. A payer still on Checkout is not stuck: a payer's session stays open 31
   * minutes (#59).
   */
  oldestStuckSince?: number;
}

/**
 * Asks Stripe for each listed payment's Checkout session and settles what it says. One failure (Stripe or
 * ours) is logged and skipped: the payment stays pending and the next check tries again.
 */
async function recheckPending(
  listed: readonly PaymentRecord[],
  deps: SettlementDeps,
  options: { reschedule?: boolean; keepChecking?: () => boolean } = {},
): Promise<RecheckResult> {
  const result: RecheckResult = { checked: 0, settled: 0 };
  const stuck = (since: string) => {
    const at = Date.parse(since);
    if (Number.isFinite(at)) result.oldestStuckSince = Math.min(result.oldestStuckSince ?? at, at);
  };
  // The next check of whatever is still pending after this one, found or failed: never sooner than its
  // backoff, so a payment that keeps failing waits its turn instead of taking every run's budget.
  // A Checkout of a link that expires before then is checked at the expiry, to be closed (docs/decisions.md #133),
  // and an open one when it would have gone unused its UNUSED_CHECKOUT_MINUTES (#168).
  const reschedule = async ({ paymentId, reverifyChecks, linkExpiresAt, status, createdAt }: PaymentRecord) => {
    if (!options.reschedule) return;
    const checks = (reverifyChecks ?? 0) + 1;
    const backoff = deps.now.getTime() + nextCheckDelayMs(checks);
    const closings = [linkExpiresAt ? Date.parse(linkExpiresAt) : Number.NaN];
    if (status === 'open') closings.push(unusedCheckoutAt({ createdAt }));
    const sooner = closings.filter((at) => at > deps.now.getTime() && at < backoff);
    const at = new Date(Math.min(backoff, ...sooner)).toISOString();
    await deps.payments.scheduleReverify(paymentId, at, checks);
  };
  // A merchant whose trial ended (or whose Stripe account was disconnected) takes no more payments: a
  // Checkout still open from before is expired at its next check instead of being left payable.
  const accepting = new Map<string, Promise<boolean>>();
  const isAccepting = (merchantId: string) => {
    if (!accepting.has(merchantId)) {
      accepting.set(
        merchantId,
        deps.merchants.get(merchantId).then((merchant) => Boolean(merchant && canTakePayments(merchant, deps.now))),
      );
    }
    return accepting.get(merchantId)!;
  };
  // So is a Checkout opened on a link that has since expired (docs/decisions.md #133), as deactivation
  // closes one at once (#47), and one nobody has tried to pay on for UNUSED_CHECKOUT_MINUTES (#168): its
  // place goes back to the link instead of waiting out Stripe's 31 minutes.
  const closedIfNotAccepting = async (payment: PaymentRecord, session: StripeCheckoutSession) => {
    if (session.status !== 'open') return session;
    const linkExpired = payment.linkExpiresAt !== undefined && Date.parse(payment.linkExpiresAt) <= deps.now.getTime();
    const unused = isUnusedCheckout(payment, session, deps.now);
    if (!linkExpired && !unused && (await isAccepting(payment.merchantId))) return session;
    deps.telemetry.log.info(
      linkExpired
        ? 'Expired the open Checkout of a link that has expired'
        : unused
          ? 'Expired a Checkout nobody tried to pay on'
          : 'Expired the open Checkout of a merchant no longer taking payments',
      { paymentId: payment.paymentId, merchantId: payment.merchantId },
    );
    return deps.stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: payment.stripeAccountId });
  };
  await inBatches(listed, STRIPE_CONCURRENCY, async (listedPayment) => {
    const { paymentId, createdAt } = listedPayment;
    if (options.keepChecking && !options.keepChecking()) return;
    try {
      // The index's copy may lag: a payment the webhook settled a moment ago needs no call to Stripe.
      const payment = await deps.payments.get(paymentId);
      if (!payment || !isUnsettled(payment.status)) return;
      if (!payment.checkoutSessionId) {
        if (await failedWithoutSession(payment, deps)) result.settled++;
        else await reschedule(listedPayment);
        return;
      }
      const session = await deps.stripe.checkout.sessions.retrieve(
        payment.checkoutSessionId,
        {},
        { stripeAccount: payment.stripeAccountId },
      );
      result.checked++;
      const after = await settlePaymentFromSession(payment, await closedIfNotAccepting(payment, session), deps);
      if (!isUnsettled(after.status)) {
        result.settled++;
        // The webhook had not settled it: Stripe's delivery (or our consumer) is behind or lost.
        deps.telemetry.countReverificationRecovery(after, after.status);
        deps.telemetry.log.info('Re-verification settled a pending payment', {
          paymentId,
          merchantId: after.merchantId,
          status: after.status,
        });
      } else {
        await reschedule({ ...listedPayment, linkExpiresAt: payment.linkExpiresAt, status: payment.status });
        if (session.status !== 'open' && !(session.status === 'complete' && session.payment_status !== 'paid'))
          stuck(payment.createdAt);
      }
    } catch (error) {
      stuck(createdAt);
      deps.telemetry.log.error('Re-verifying a pending payment failed', { paymentId, error: String(error) });
      await reschedule(listedPayment).catch((rescheduleError: unknown) =>
        deps.telemetry.log.error('Rescheduling a re-verification failed', {
          paymentId,
          error: String(rescheduleError),
        }),
      );
    }
  });
  return result;
}

/**
 * A payment whose Checkout session was never made (docs/decisions.md #127): once Stripe can no
 * longer be making it, the payment fails and its place is freed, as create-checkout does when Stripe
 * refuses. Answers whether it did.
 */
async function failedWithoutSession(payment: PaymentRecord, deps: SettlementDeps): Promise<boolean> {
  if (deps.now.getTime() - Date.parse(payment.createdAt) < SESSION_NEVER_MADE_AFTER_MS) return false;
  deps.telemetry.log.warn('A payment never got its Checkout session: failed, its place freed', {
    paymentId: payment.paymentId,
    merchantId: payment.merchantId,
  });
  await settle(payment, 'failed', {}, deps);
  return true;
}

export interface ReverifyRun extends VerifyResult {
  /** Days rolled into their month and the lifetime this run. */
  sealed: number;
  /** Interrupted settles finished this run (settle-finishing.ts). */
  finished: number;
}

/** The Lambda's time left in ms (its context's `getRemainingTimeInMillis`), asked as the run goes. */
export type TimeLeft = () => number;

/**
 * The schedule: the pending payments due a check in every shard (most overdue first, within the run's
 * Stripe budget and while the Lambda has time beyond what the rest needs), then the settles a failure left
 * unfinished, then every uncounted payment, then sealing.
 */
export async function reverifyPendingPayments(deps: SettlementDeps, timeLeft: TimeLeft): Promise<ReverifyRun> {
  const run: ReverifyRun = { checked: 0, settled: 0, sealed: 0, finished: 0 };
  // The most overdue across every shard, up to the run's budget: shards are filled by a hash and are never
  // exactly even, so a share per shard would leave the fullest one behind.
  const nowIso = deps.now.toISOString();
  const due = (
    await Promise.all(
      allShards('pending', PENDING_SHARDS).map((shard) =>
        deps.payments.listDueForReverify(shard, nowIso, REVERIFY_CHECKS_PER_RUN),
      ),
    )
  )
    .flat()
    .sort((a, b) => (a.reverifyAt ?? '').localeCompare(b.reverifyAt ?? ''))
    .slice(0, REVERIFY_CHECKS_PER_RUN);
  // Past the window Stripe has long expired the session and every check of it has failed: it leaves the
  // work list (logged), so it can never sit at the head of every run.
  const outlived = (payment: PaymentRecord) => hasOutlivedReverification(payment, deps.now);
  for (const abandoned of due.filter(outlived)) {
    deps.telemetry.log.warn('A pending payment outlived its re-verification window', {
      paymentId: abandoned.paymentId,
      merchantId: abandoned.merchantId,
    });
    await deps.payments.scheduleReverify(abandoned.paymentId, NO_MORE_CHECKS, (abandoned.reverifyChecks ?? 0) + 1);
  }
  const result = await recheckPending(
    due.filter((payment) => !outlived(payment)),
    deps,
    { reschedule: true, keepChecking: () => timeLeft() > RESERVED_AFTER_CHECKS_MS },
  );
  run.checked += result.checked;
  run.settled += result.settled;
  const oldestStuckSince = result.oldestStuckSince;
  // Every run reports, 0 when nothing is stuck, so the "pending over an hour" alarm always has data.
  deps.telemetry.gaugeOldestStuckPending(oldestStuckSince === undefined ? 0 : deps.now.getTime() - oldestStuckSince);

  // Then the settles a failure left half done (their counts among them), before the counts are listed.
  run.finished = (await finishUnfinishedSettles(deps, () => timeLeft() > RESERVED_FOR_COUNTS_AND_SEALING_MS)).finished;
  // Then the counts a crash or a failure left owed, and sealing (count-repair.ts): one record at a time.
  run.sealed = (
    await finishCountsAndSeal(
      deps,
      { sealPerShard: REVERIFY_LIMITS.sealPerShard },
      () => timeLeft() > RESERVED_FOR_SEALING_MS,
    )
  ).sealed;
  return run;
}

/**
 * Verify & Refresh: the same check for one merchant's pending payments (and its interrupted counts) only.
 * The merchant comes from the verified token, so another merchant's payments are never touched.
 */
export async function verifyMerchantPayments(merchantId: string, deps: SettlementDeps): Promise<VerifyResult> {
  // Back as far as a bank debit may still settle; an open Checkout only within its own window.
  const since = new Date(deps.now.getTime() - DELAYED_REVERIFY_WINDOW_MS).toISOString();
  const listed = await deps.payments.listPendingOfMerchant(merchantId, since, REVERIFY_LIMITS.pendingPerShard);
  const { checked, settled } = await recheckPending(
    listed.filter((payment) => !hasOutlivedReverification(payment, deps.now)),
    deps,
  );
  const result: VerifyResult = { checked, settled };
  await finishMerchantCounts(merchantId, deps, REVERIFY_LIMITS.uncountedPerShard);
  return result;
}
