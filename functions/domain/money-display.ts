/** The money after the sale as the merchant's screens show it: refunds in order, and the dispute. */
import { type Dispute, type Refund } from '@shared/contracts/payments';
import { isRefundActive } from './money-after-sale';
import { type PaymentRecord } from './payments';

export function refundsForDisplay(payment: PaymentRecord): Refund[] {
  return Object.values(payment.refunds ?? {})
    .sort(
      (a, b) =>
        (a.position ?? 0) - (b.position ?? 0) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.refundId.localeCompare(b.refundId),
    )
    .map((refund) => ({
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      status: refund.status,
      reason: refund.reason,
      failureReason: refund.failureReason,
      createdAt: refund.createdAt,
      ...(refund.refundedBy && { refundedBy: refund.refundedBy }),
    }));
}

/**
 * Who refunded the payment through Paylink, for its list row and the CSV's 'Refunded By' (docs/decisions.md
 * #195): the names on its refunds that still stand, in order, each once; null when none names anyone.
 */
export function refundersOf(payment: PaymentRecord): string | null {
  const names = refundsForDisplay(payment)
    .filter((refund) => isRefundActive(refund.status))
    .flatMap((refund) => (refund.refundedBy ? [refund.refundedBy] : []));
  return names.length > 0 ? [...new Set(names)].join(', ') : null;
}

export function disputeForDisplay(payment: PaymentRecord, respondUrl: string | null): Dispute | null {
  const dispute = payment.dispute;
  if (!dispute) return null;
  return {
    disputeId: dispute.disputeId,
    status: dispute.status,
    reason: dispute.reason,
    amountCents: dispute.amountCents,
    evidenceDueBy: dispute.evidenceDueBy,
    createdAt: dispute.createdAt,
    respondUrl,
  };
}
