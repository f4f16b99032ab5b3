/**
 * What a payment keeps of the money after the sale — its refunds and its dispute, as Stripe reported them
 * and as Paylink counted them. Records only: the merge is in money-after-sale.ts, the counts in money-counts.ts.
 */

/** A refund as the payment keeps it. */
export interface StoredRefund {
  refundId: string;
  amountCents: number;
  currency: string;
  /** Stripe's: pending, requires_action, succeeded, failed, canceled. */
  status: string;
  reason: string | null;
  failureReason: string | null;
  /** Stripe's `created`, as an ISO instant. */
  createdAt: string;
  /** The browser's idempotency key of the request that made it, when made through Paylink. */
  requestKey?: string;
  /** Who in the business made it through Paylink (their name), kept in Stripe's metadata (docs/decisions.md #162). */
  refundedBy?: string;
  /**
   * The order Paylink learned of the payment's refunds in (1, 2, …): what screens list them by, since
   * Stripe's `created` has whole seconds and a partial refund and the rest may share one.
   */
  position?: number;
  /** When Paylink first learned the refund takes money back: its stats day. */
  countAt?: string;
  counted?: boolean;
  /** When Paylink learned that a counted refund failed or was canceled: the day its amount comes back. */
  reverseAt?: string;
  reversed?: boolean;
}

/** A charge has at most one dispute. */
export interface StoredDispute {
  disputeId: string;
  status: string;
  reason: string | null;
  amountCents: number;
  currency: string;
  evidenceDueBy: string | null;
  createdAt: string;
  /** When Paylink learned the dispute was lost: the day its amount counts as lost. */
  lostAt?: string;
  lossCounted?: boolean;
}
