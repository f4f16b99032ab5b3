/**
 * A payment's status only moves forward. Each status has a rank and a write succeeds only when it raises
 * the rank, so applying any set of Stripe's events — duplicated, late, in any order — ends in the same
 * status: the highest-ranked one seen. Succeeded ranks highest because it means money moved; canceled
 * outranks expired because the cancel page expires the Checkout session itself, and the payer's own
 * "cancel" is the truer story than the `expired` event it causes. Open (the payer's Checkout session is
 * open) ranks lowest; pending (Checkout completed, an asynchronous method's money on its way) is next, so
 * a payment never goes back to open (docs/decisions.md #30).
 */
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';

export const STATUS_RANK: Record<PaymentStatus, number> = {
  open: 0,
  pending: 1,
  expired: 2,
  canceled: 3,
  failed: 4,
  succeeded: 5,
};

/** Whether moving from `from` to `to` is forward (a no-op or a step back is not). */
export function isForwardMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return STATUS_RANK[to] > STATUS_RANK[from];
}

/** The status after `to` is applied to `from`: the move if it is forward, else no change. */
export function nextStatus(from: PaymentStatus, to: PaymentStatus): PaymentStatus {
  return isForwardMove(from, to) ? to : from;
}

/** The status a sequence of observed statuses ends in, starting from open. */
export function foldStatuses(statuses: readonly PaymentStatus[], start: PaymentStatus = 'open'): PaymentStatus {
  return statuses.reduce(nextStatus, start);
}

/** Open or pending: Stripe has not yet said how it ends, so the schedule still asks (reverification.ts). */
export function isUnsettled(status: PaymentStatus): boolean {
  return status === 'open' || status === 'pending';
}

export function isSettled(status: PaymentStatus): boolean {
  return !isUnsettled(status);
}
