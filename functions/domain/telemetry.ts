/**
 * Telemetry is a port, injected like the stores: the domain says what happened (a payment settled, an
 * event ignored), and the observability adapter decides how it is written — Powertools log lines and EMF
 * metrics. So domain code runs and tests with any implementation, and never reaches for the adapter itself.
 */

/** Ids that tell one payment's story; all optional, all safe to log (no secrets, no personal data). */
export interface LogKeys {
  merchantId?: string;
  /** On a merchant route, the person acting (a team member's own id; the business is `merchantId`). */
  personId?: string;
  paymentId?: string;
  linkId?: string;
  stripeEventId?: string;
  stripeEventType?: string;
  stripeAccountId?: string;
  checkoutSessionId?: string;
  requestId?: string;
  route?: string;
}

export interface Telemetry {
  /** Leveled logging; `extra` becomes top-level keys of the line. */
  log: {
    debug(message: string, extra?: Record<string, unknown>): void;
    info(message: string, extra?: Record<string, unknown>): void;
    warn(message: string, extra?: Record<string, unknown>): void;
    error(message: string, extra?: Record<string, unknown>): void;
  };
  /** Adds ids to every later line of this invocation. */
  appendLogKeys(keys: LogKeys): void;
  appendPaymentKeys(payment: { paymentId?: string; merchantId?: string; linkId?: string }): void;
  /** A Stripe event's id and type onto later lines; its creation time is kept for the settlement lag. */
  appendStripeEventKeys(event: { id: string; type: string; created?: number; account?: string | null }): void;
  countCheckoutStarted(payment: { paymentId: string; merchantId: string; linkId: string }): void;
  /** A payment reached a final status: called once, by the write that moved it. */
  countSettlement(
    payment: { paymentId: string; merchantId: string; linkId?: string; totalCents: number },
    status: 'succeeded' | 'failed' | 'expired' | string,
    now: Date,
  ): void;
  /** A refund first counted (positive cents), or given back when it failed or was canceled (negative). */
  countRefund(cents: number, payment?: { paymentId: string; merchantId: string }): void;
  countDuplicateIgnored(consumer: string, eventId: string): void;
  countAnomaly(reason: string): void;
  countReverificationRecovery(payment: { paymentId: string; merchantId: string }, status: string): void;
  gaugeOldestStuckPending(ageMs: number): void;
  /** A count or a seal failed and was put back for a later attempt (docs/runbook.md "Counts or seals failing"). */
  countCountRetry(kind: 'count' | 'seal', ids: { merchantId: string; paymentId?: string; day?: string }): void;
  /** The schedule's gauge: counts and seals that have failed three times or more and still wait; 0 when none. */
  gaugeStuckCounts(records: number): void;
}
