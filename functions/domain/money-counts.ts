/**
 * The stats' side of the money after the sale: which counts a payment owes (its own, each refund, each
 * refund that failed afterwards, a lost dispute), landing each once on the day its news was learned, and
 * removing the payment's `uncounted` mark once all have landed.
 */
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import type { MerchantRepository } from './merchants';
import { dayInTimeZone } from './merchant-days';
import type { PaymentRecord, PaymentRepository } from './payments';
import type { StatsRepository } from './stats';
import type { Telemetry } from './telemetry';
import {
  isPaymentCounted,
  owedCounts,
  type CountsDone,
  type MoneyRepository,
  type OwedCount,
} from './money-after-sale';

/** A count its day refused because the day was sealed without it: the payment keeps its mark. */
export class CountRefusedError extends Error {
  constructor(paymentId: string, kind: string) {
    super(`a ${kind} count of ${paymentId} is owed to a day that is sealed`);
    this.name = 'CountRefusedError';
  }
}

export interface CountingDeps {
  payments: Pick<PaymentRepository, 'get'>;
  money: MoneyRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  stats: Pick<StatsRepository, 'countSucceededPayment' | 'countMoneyMovement'>;
  telemetry: Telemetry;
}

/**
 * Lands every count the payment owes, each on its own day (fixed when the news was recorded, so a retry
 * after midnight hits the same day and its `counted` set), then records them and removes the mark. Safe
 * to repeat and to run concurrently: a count already landed is refused by its day. Answers the payment as
 * it stands afterwards.
 */
export async function finishCounts(payment: PaymentRecord, deps: CountingDeps): Promise<PaymentRecord> {
  let current = payment;
  for (let attempt = 0; attempt < 5; attempt++) {
    const owed = owedCounts(current);
    if (owed.length === 0 && !current.uncountedShard) return current;
    const merchant = await deps.merchants.get(current.merchantId);
    const dayOf = (instant: string) => dayInTimeZone(instant, merchant?.timeZone ?? DEFAULT_TIME_ZONE);
    const done: CountsDone = {
      paymentCounted: isPaymentCounted(current),
      refundsCounted: [],
      refundsReversed: [],
      disputeLossCounted: false,
    };
    for (const count of owed) {
      const outcome = await landCount(current, count, dayOf, deps);
      if (outcome === 'day-sealed') {
        // Cannot happen while sealing holds back every day a mark owes a count to. If it ever does, it fails
        // loudly: the mark stays, and the schedule's retries count it in the StuckCounts alarm (runbook).
        throw new CountRefusedError(current.paymentId, count.kind);
      }
      // The metric follows the stats: once per refund counted, once more (negative) per refund given back.
      if (outcome === 'counted' && count.kind === 'refund') {
        deps.telemetry.countRefund(count.refund.amountCents, current);
      }
      if (outcome === 'counted' && count.kind === 'refund-reversal') {
        deps.telemetry.countRefund(-count.refund.amountCents, current);
      }
      if (count.kind === 'payment') done.paymentCounted = true;
      if (count.kind === 'refund') done.refundsCounted.push(count.refund.refundId);
      if (count.kind === 'refund-reversal') done.refundsReversed.push(count.refund.refundId);
      if (count.kind === 'dispute-loss') done.disputeLossCounted = true;
    }
    const completed = await deps.money.completeCounts(current, done);
    if (completed) return completed;
    // News landed meanwhile: read again; what was counted is refused by its day next time round.
    const reread = await deps.payments.get(current.paymentId);
    if (!reread) return current;
    current = reread;
  }
  return current;
}

function landCount(payment: PaymentRecord, count: OwedCount, dayOf: (instant: string) => string, deps: CountingDeps) {
  switch (count.kind) {
    case 'payment':
      return deps.stats.countSucceededPayment(payment, dayOf(payment.settledAt ?? payment.updatedAt));
    case 'refund':
      return deps.stats.countMoneyMovement(payment, dayOf(count.refund.countAt!), count.refund.refundId, {
        refundCents: count.refund.amountCents,
        refundCount: 1,
      });
    case 'refund-reversal':
      return deps.stats.countMoneyMovement(
        payment,
        dayOf(count.refund.reverseAt!),
        `${count.refund.refundId}#reversed`,
        {
          refundCents: -count.refund.amountCents,
          refundCount: -1,
        },
      );
    case 'dispute-loss':
      // Keyed by the payment, not the dispute: one loss per charge whatever id the dispute has.
      return deps.stats.countMoneyMovement(payment, dayOf(count.dispute.lostAt!), `${payment.paymentId}#dispute-lost`, {
        disputeLossCents: count.dispute.amountCents,
      });
  }
}

/**
 * Lands the counts the news made owed. The news itself is stored by now, with the `uncounted` mark, so a
 * count that fails does not fail the request or the event: it is logged and counted, and the schedule
 * retries it (count-repair.ts) — a refund Stripe made answers 201, not 500.
 */
export async function finishCountsOrLeaveThem(payment: PaymentRecord, deps: CountingDeps): Promise<PaymentRecord> {
  try {
    return await finishCounts(payment, deps);
  } catch (error) {
    deps.telemetry.countCountRetry('count', { merchantId: payment.merchantId, paymentId: payment.paymentId });
    deps.telemetry.log.error('Counting failed; the schedule retries it', {
      paymentId: payment.paymentId,
      error: String(error),
    });
    return payment;
  }
}
