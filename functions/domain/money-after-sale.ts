/**
 * The money after the sale: refunds and disputes (docs/decisions.md #18, #19).
 *
 * A payment's status stays where settlement put it (`succeeded`); what happens to the money afterwards is
 * a dimension of its own, kept on the payment: each refund (by Stripe id) and its dispute. Every source of
 * news — the merchant's own refund request, Stripe's refund and dispute events delivered any number of
 * times in any order, a re-read from Stripe — goes through one merge, which only moves each refund and the
 * dispute forward (`REFUND_STATUS_RANK`, `DISPUTE_STATUS_RANK`) and is written with an optimistic version,
 * so concurrent news never overwrites newer news.
 *
 * Stats (docs/architecture.md, "Stats and exactly-once counting"): a refund counts once, on the day Paylink
 * first learned of it, in the merchant's time zone; a refund that fails afterwards gives its amount back
 * once, on the day that was learned; a dispute counts once as a loss on the day it was lost. The write that
 * makes a count owed also marks the payment `uncounted` (the same mark settlement uses), and `finishCounts`
 * removes the mark once every owed count has landed — so a crash between is finished by the next delivery
 * or by the schedule, and sealing waits for the merchant meanwhile. Each count carries its own key in the
 * day's `counted` set, so repeating one never counts twice.
 */
import type { MoneyState } from '@shared/contracts/payments';
import type { StoredDispute, StoredRefund } from './money-records';
import type { PaymentRecord } from './payments';
import type { StripeDispute, StripeRefund } from './stripe-port';

/** What a merge writes onto the payment (with `moneyVersion` + 1, only if the version is still the one read). */
export interface MoneyStateWrite {
  refunds: Record<string, StoredRefund>;
  dispute?: StoredDispute;
  refundedCents: number;
  moneyState: MoneyState | null;
  /** Whether the payment's own count has landed (explicit from the first money write on). */
  paymentCounted: boolean;
  /** Set the `uncounted` mark: a count is owed. */
  markUncounted: boolean;
}

/** What `finishCounts` records once the owed counts have landed (and the mark goes). */
export interface CountsDone {
  paymentCounted: boolean;
  refundsCounted: string[];
  refundsReversed: string[];
  disputeLossCounted: boolean;
}

export interface MoneyRepository {
  /** Writes a merge if the payment's `moneyVersion` is still `expectedVersion`; the payment afterwards, or undefined if it moved. */
  saveMoneyState(
    paymentId: string,
    expectedVersion: number | undefined,
    write: MoneyStateWrite,
    now: Date,
  ): Promise<PaymentRecord | undefined>;
  /**
   * Records landed counts and removes the `uncounted` mark, if the payment's version and status are still
   * the ones read (news that arrived meanwhile may owe another count); the payment afterwards, or
   * undefined when it had moved.
   */
  completeCounts(payment: PaymentRecord, done: CountsDone): Promise<PaymentRecord | undefined>;
}

/** Refund statuses only move forward; failed and canceled are final (a succeeded refund can still fail). */
export const REFUND_STATUS_RANK: Record<string, number> = {
  pending: 0,
  requires_action: 1,
  succeeded: 2,
  failed: 3,
  canceled: 3,
};
const rankOfRefund = (status: string) => REFUND_STATUS_RANK[status] ?? -1;
/** A refund in one of these takes money back from the merchant. */
export const isRefundActive = (status: string) => ['pending', 'requires_action', 'succeeded'].includes(status);

/** Dispute statuses only move forward: an inquiry or dispute needing a response, under review, closed. */
export const DISPUTE_STATUS_RANK: Record<string, number> = {
  warning_needs_response: 0,
  needs_response: 0,
  warning_under_review: 1,
  under_review: 1,
  warning_closed: 2,
  won: 2,
  lost: 2,
  prevented: 2,
};
const rankOfDispute = (status: string) => DISPUTE_STATUS_RANK[status] ?? -1;
/** An open dispute, or a lost one, keeps the payment 'Disputed'; a won or closed one no longer does. */
export const isDisputeStanding = (status: string) => !['won', 'warning_closed', 'prevented'].includes(status);

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export function refundFromStripe(refund: StripeRefund): StoredRefund {
  return {
    refundId: refund.id,
    amountCents: refund.amount,
    currency: refund.currency,
    status: refund.status ?? 'pending',
    reason: refund.reason ?? null,
    failureReason: refund.failure_reason ?? null,
    createdAt: isoOf(refund.created),
    ...(refund.metadata?.requestKey && { requestKey: refund.metadata.requestKey }),
    ...(refund.metadata?.refundedBy && { refundedBy: refund.metadata.refundedBy }),
  };
}

export function disputeFromStripe(dispute: StripeDispute): StoredDispute {
  const due = dispute.evidence_details?.due_by;
  return {
    disputeId: dispute.id,
    status: dispute.status,
    reason: dispute.reason ?? null,
    amountCents: dispute.amount,
    currency: dispute.currency,
    evidenceDueBy: due ? isoOf(due) : null,
    createdAt: isoOf(dispute.created),
  };
}

/** Refunded so far: every refund that is not failed or canceled. */
export function refundedCentsOf(refunds: Record<string, StoredRefund> | undefined): number {
  return Object.values(refunds ?? {})
    .filter((refund) => isRefundActive(refund.status))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
}

export function moneyStateOf(
  payment: Pick<PaymentRecord, 'totalCents'>,
  refunds: Record<string, StoredRefund> | undefined,
  dispute: StoredDispute | undefined,
): MoneyState | null {
  if (dispute && isDisputeStanding(dispute.status)) return 'disputed';
  const refunded = refundedCentsOf(refunds);
  if (refunded <= 0) return null;
  return refunded >= payment.totalCents ? 'refunded' : 'partially_refunded';
}

/** What may still be refunded: nothing unless the payment succeeded and no dispute stands. */
export function refundableCentsOf(payment: PaymentRecord): number {
  if (payment.status !== 'succeeded') return 0;
  if (payment.dispute && isDisputeStanding(payment.dispute.status)) return 0;
  return Math.max(0, payment.totalCents - refundedCentsOf(payment.refunds));
}

/**
 * Whether the payment's own count has landed. Explicit once a money write has happened; before that,
 * settlement's rule: a succeeded payment without the `uncounted` mark has been counted.
 */
export function isPaymentCounted(payment: PaymentRecord): boolean {
  return payment.paymentCounted ?? (payment.status === 'succeeded' && !payment.uncountedShard);
}

/** News about the money after the sale: refunds as Stripe tells them, and/or the dispute. */
export interface MoneyNews {
  refunds?: readonly StoredRefund[];
  dispute?: StoredDispute;
}

/** The merge's result; `write` is undefined when the news changes nothing. */
export interface MergedMoney {
  write?: MoneyStateWrite;
  /** Refunds that became succeeded with this news: the payer is told. */
  newlySucceeded: StoredRefund[];
}

function mergeRefund(stored: StoredRefund | undefined, incoming: StoredRefund, now: string): StoredRefund {
  if (stored && rankOfRefund(incoming.status) < rankOfRefund(stored.status)) return stored;
  const merged: StoredRefund = {
    ...stored,
    ...incoming,
    requestKey: stored?.requestKey ?? incoming.requestKey,
    failureReason: incoming.failureReason ?? stored?.failureReason ?? null,
  };
  if (!merged.requestKey) delete merged.requestKey;
  if (isRefundActive(merged.status) && !merged.countAt) merged.countAt = now;
  // Only a refund that was counted gives money back; one that failed before Paylink saw it never counted.
  if (!isRefundActive(merged.status) && merged.countAt && !merged.reverseAt) merged.reverseAt = now;
  return merged;
}

function mergeDispute(stored: StoredDispute | undefined, incoming: StoredDispute, now: string): StoredDispute {
  if (
    stored &&
    stored.disputeId === incoming.disputeId &&
    rankOfDispute(incoming.status) < rankOfDispute(stored.status)
  )
    return stored;
  // A charge loses its money to a dispute at most once: a loss already learned (and perhaps counted) stays
  // with the payment even if Stripe names the dispute by another id, so the loss is never counted twice.
  const merged: StoredDispute = { ...stored, ...incoming };
  if (stored?.lostAt) merged.lostAt = stored.lostAt;
  if (stored?.lossCounted) merged.lossCounted = stored.lossCounted;
  if (merged.status === 'lost' && !merged.lostAt) merged.lostAt = now;
  return merged;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies news to the payment, forward only; pure. */
export function mergeMoneyNews(payment: PaymentRecord, news: MoneyNews, now: Date): MergedMoney {
  const at = now.toISOString();
  const refunds: Record<string, StoredRefund> = { ...payment.refunds };
  const newlySucceeded: StoredRefund[] = [];
  let nextPosition = Math.max(0, ...Object.values(refunds).map((refund) => refund.position ?? 0)) + 1;
  // Oldest first: Stripe lists refunds newest first, so among equal `created` seconds the later-listed is older.
  const arriving = [...(news.refunds ?? [])]
    .map((refund, index) => ({ refund, index }))
    .sort((a, b) => a.refund.createdAt.localeCompare(b.refund.createdAt) || b.index - a.index)
    .map(({ refund }) => refund);
  for (const incoming of arriving) {
    const before = refunds[incoming.refundId];
    const merged = mergeRefund(before, { ...incoming, position: before?.position ?? nextPosition++ }, at);
    refunds[incoming.refundId] = merged;
    if (merged.status === 'succeeded' && before?.status !== 'succeeded') newlySucceeded.push(merged);
  }
  const dispute = news.dispute ? mergeDispute(payment.dispute, news.dispute, at) : payment.dispute;
  if (sameJson(refunds, payment.refunds ?? {}) && sameJson(dispute, payment.dispute)) {
    return { newlySucceeded: [] };
  }
  const next = { ...payment, refunds, dispute };
  return {
    write: {
      refunds,
      ...(dispute && { dispute }),
      refundedCents: refundedCentsOf(refunds),
      moneyState: moneyStateOf(payment, refunds, dispute),
      paymentCounted: isPaymentCounted(payment),
      markUncounted: hasOwedCounts(next),
    },
    newlySucceeded,
  };
}

/** One count the stats owe a payment. */
export type OwedCount =
  | { kind: 'payment' }
  | { kind: 'refund'; refund: StoredRefund }
  | { kind: 'refund-reversal'; refund: StoredRefund }
  | { kind: 'dispute-loss'; dispute: StoredDispute };

export function owedCounts(payment: PaymentRecord): OwedCount[] {
  const owed: OwedCount[] = [];
  if (payment.status === 'succeeded' && !isPaymentCounted(payment)) owed.push({ kind: 'payment' });
  for (const refund of Object.values(payment.refunds ?? {})) {
    if (refund.countAt && !refund.counted) owed.push({ kind: 'refund', refund });
    if (refund.reverseAt && !refund.reversed) owed.push({ kind: 'refund-reversal', refund });
  }
  const dispute = payment.dispute;
  if (dispute?.lostAt && !dispute.lossCounted) owed.push({ kind: 'dispute-loss', dispute });
  return owed;
}

const hasOwedCounts = (payment: PaymentRecord) => owedCounts(payment).length > 0;

/** When each owed count's news was learned: its day, in the merchant's time zone, is where it counts. */
export function owedCountInstants(payment: PaymentRecord): string[] {
  return owedCounts(payment).map((count) => {
    switch (count.kind) {
      case 'payment':
        return payment.settledAt ?? payment.updatedAt;
      case 'refund':
        return count.refund.countAt!;
      case 'refund-reversal':
        return count.refund.reverseAt!;
      case 'dispute-loss':
        return count.dispute.lostAt!;
    }
  });
}
