/** A payer's payment of a link, as Paylink records it: created pending at checkout, settled by Stripe's word. */
import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '../../shared/contracts/checkout';

/** What Stripe told us about a settled payment. */
export interface SettlementDetails {
  paymentIntentId?: string | null;
  payerName?: string | null;
  payerEmail?: string | null;
  paymentMethodType?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** Stripe's own processing fee, from the charge's balance transaction. */
  stripeFeeCents?: number | null;
  receiptUrl?: string | null;
}

export interface PaymentRecord extends SettlementDetails {
  paymentId: string;
  merchantId: string;
  linkId: string;
  /** The link's title and description when paid, so a later edit or deletion does not rewrite history. */
  linkTitle: string;
  linkDescription: string | null;
  /** The merchant's connected account the Checkout session lives on (direct charge). */
  stripeAccountId: string;
  currency: string;
  baseCents: number;
  tipCents: number;
  tipPercent: number | null;
  totalCents: number;
  /** Paylink's 0.5% product fee (Stripe's application fee). */
  productFeeCents: number;
  status: PaymentStatus;
  /** STATUS_RANK[status]: the conditional writes compare it so a status only moves forward. */
  statusRank: number;
  checkoutSessionId?: string;
  /** The decline Stripe gave the last attempt (Checkout lets the payer try another card). */
  lastError?: string | null;
  receiptsSent?: number;
  createdAt: string;
  updatedAt: string;
  settledAt?: string;
  /** Sparse `pending` index: present only while the payment is pending. */
  pendingShard?: string;
  pendingSince?: string;
}

export interface PaymentRepository {
  get(paymentId: string): Promise<PaymentRecord | undefined>;
  findByCheckoutSession(sessionId: string): Promise<PaymentRecord | undefined>;
  create(payment: PaymentRecord): Promise<void>;
  attachCheckoutSession(paymentId: string, sessionId: string): Promise<void>;
  /**
   * Moves the status forward (only if `status` outranks the stored one) with what Stripe said; answers
   * whether this call moved it and the payment as it stands afterwards.
   */
  advance(
    paymentId: string,
    status: PaymentStatus,
    details: SettlementDetails,
    now: Date,
  ): Promise<{ moved: boolean; payment: PaymentRecord | undefined }>;
  /** Notes a declined attempt on a payment that is still pending. */
  recordAttemptError(paymentId: string, message: string, now: Date): Promise<void>;
  /** Counts one more receipt unless `max` were sent already; true when this one may be sent. */
  countReceipt(paymentId: string, max: number): Promise<boolean>;
}

/** One day's takings for a merchant: one item per (merchant, day in the merchant's time zone). */
export interface StatsRepository {
  /** Adds a succeeded payment to its day exactly once; true when this call counted it. */
  countSucceededPayment(payment: PaymentRecord, day: string): Promise<boolean>;
}

/** `pay_` + 12 random bytes = 16 base64url characters: unguessable, since the cancel link carries it. */
export function newPaymentId(): string {
  return `pay_${randomBytes(12).toString('base64url')}`;
}

/** Shards of the sparse pending index, so one hot partition never holds every pending payment. */
export const PENDING_SHARDS = 4;

export function pendingShardOf(paymentId: string): string {
  let hash = 0;
  for (const char of paymentId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `pending#${hash % PENDING_SHARDS}`;
}

/** The calendar day (YYYY-MM-DD) of `instant` in `timeZone`: a merchant's days are Auckland's (DECISIONS.md row 12). */
export function dayInTimeZone(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}
