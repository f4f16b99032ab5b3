/** A payer's payment of a link, as Paylink records it: created pending at checkout, settled by Stripe's word. */
import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';
import type { CustomFieldAnswer } from '@shared/contracts/custom-field-records';
import type { EmailRefusalKind, MoneyState } from '@shared/contracts/payments';
import type { LinkSnapshot } from '@shared/payment-link-record';
import type { ReceiptTax } from './gst';
import type { StoredDispute, StoredRefund } from './money-records';

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
  /** When the card was charged (the charge's `created`, ISO): the receipt's date (docs/decisions.md #122). */
  chargedAt?: string | null;
  /** The payer's answers to the link's questions, and their phone, from Checkout (docs/decisions.md #76). */
  customFields?: CustomFieldAnswer[] | null;
  payerPhone?: string | null;
}

/** A payment: the link as it was when paid (LinkSnapshot), what Stripe said, and Paylink's own bookkeeping. */
export interface PaymentRecord extends SettlementDetails, LinkSnapshot {
  paymentId: string;
  merchantId: string;
  /** The merchant's connected account the Checkout session lives on (direct charge). */
  stripeAccountId: string;
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
  /**
   * The last email to the payer that the mail service refused (SES unverified or in its sandbox): shown
   * to the merchant with the payment, so a receipt or refund notice that never left is not a silent loss.
   */
  emailRefusal?: EmailRefusal;
  createdAt: string;
  updatedAt: string;
  settledAt?: string;
  /**
   * A recurring link's period (docs/decisions.md #156): the payer's subscription on the merchant's account and
   * the invoice this payment is — the Checkout's payment is the first invoice's, each renewal's id is derived
   * from its invoice's, so each period is one payment whatever Stripe redelivers.
   */
  subscriptionId?: string;
  invoiceId?: string;
  /** What repeats, as the payer agreed to it ("NZD $25.00 every week"): set on every payment of a recurring link. */
  recurringTerms?: string;
  /** The payment request the payer came from (its Pay button), which this payment marks Paid (docs/decisions.md #80). */
  requestId?: string;
  /** Sparse `pending` and `pendingByMerchant` indexes: present only while the payment is pending. */
  pendingShard?: string;
  pendingSince?: string;
  /**
   * Sparse `reverifyDue` index (with `pendingShard`): when the schedule next asks Stripe about this pending
   * payment — due at once when created, then further apart after each check (reverification.ts).
   */
  reverifyAt?: string;
  /** Checks the schedule has made of this pending payment. */
  reverifyChecks?: number;
  /**
   * Sparse `uncounted` index: set by the write that makes the payment succeeded, removed once its day has
   * counted it. A crash between the two writes leaves the mark, and whoever sees it next finishes the count.
   */
  uncountedShard?: string;
  /**
   * Set by the write that moves the status, removed once the live update (PAYMENT_UPDATED) is published:
   * a publish that failed is sent by the next delivery or check, though the status no longer moves then.
   */
  announceOwed?: boolean;
  /**
   * The move on the link's places ledger this payment's settle has made (sold once succeeded, released once
   * it ended without money), written by the write that clears `announceOwed` — after the move, in a write
   * that happens anyway — so a later settle at the same status skips the move the ledger would refuse.
   */
  placeSettled?: PlaceMove;
  /**
   * Sparse `unfinishedSettles` index: set with `announceOwed` by the write that moves the status, removed
   * with it by the settle's last write. `finishDueAt` is when the schedule finishes the settle if nobody
   * has (docs/decisions.md #125), moved later after each failed attempt (`finishAttempts`).
   */
  unfinishedShard?: string;
  finishDueAt?: string;
  finishAttempts?: number;
  /** When the `uncounted` mark was set: the index's sort key, so every marked payment is listed. */
  uncountedSince?: string;
  /** Failed attempts at finishing the owed counts, and when the schedule tries next (docs/architecture.md). */
  countAttempts?: number;
  countRetryAt?: string;
  /**
   * Whether the payment's own count has landed; absent until the first refund or dispute, when settlement's
   * rule holds (succeeded without the `uncounted` mark = counted). See money-after-sale.ts.
   */
  paymentCounted?: boolean;
  /** The money after the sale (docs/decisions.md #19), by refund id; written through money-news.ts only. */
  refunds?: Record<string, StoredRefund>;
  dispute?: StoredDispute;
  /** Refunded so far (pending and succeeded refunds), in cents. */
  refundedCents?: number;
  /** Refunded / partially refunded / disputed: what the list shows and filters on. */
  moneyState?: MoneyState;
  /** Bumped by every write of the money after the sale: those writes are conditional on it. */
  moneyVersion?: number;
  /** The merchant's sequential receipt number, given once when the payment succeeds (receipts.ts). */
  receiptNumber?: number;
  /** The unguessable id of the receipt page `/r/{receiptToken}` (sparse `byReceiptToken` index). */
  receiptToken?: string;
  /**
   * The receipt page's second secret, carried only by the links Paylink sends the payer and shows the
   * merchant (`?k=`): without it the page masks the payer's details (docs/decisions.md #132).
   */
  receiptKey?: string;
  /**
   * The tax settings the receipt was issued under, written with its number (docs/decisions.md #97); absent
   * on payments receipted before they were kept, whose receipts follow the merchant's settings as they are.
   */
  receiptTax?: ReceiptTax;
  /**
   * When the merchant's 'Payment received' email was claimed for sending: set once, before the send, so a
   * redelivered event never mails the merchant twice (payment-notifications.ts, docs/decisions.md #93).
   */
  merchantNotifiedAt?: string;
  /** When the payer's unasked receipt was claimed for sending: set once, before the send (#172). */
  payerReceiptSentAt?: string;
}

/** What a settled payment's status does to its place on the link (docs/decisions.md #58). */
export type PlaceMove = 'sold' | 'released';

/** An email about a payment that the mail service refused, and why (EmailRefusedError's reason). */
export interface EmailRefusal {
  kind: EmailRefusalKind;
  reason: string;
  at: string;
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
    payment: Pick<PaymentRecord, 'paymentId' | 'merchantId'>,
    status: PaymentStatus,
    details: SettlementDetails,
    now: Date,
  ): Promise<{ moved: boolean; payment: PaymentRecord | undefined }>;
  /** Notes a declined attempt on a payment that is still pending. */
  recordAttemptError(paymentId: string, message: string, now: Date): Promise<void>;
  /** Counts one more receipt unless `max` were sent already; true when this one may be sent. */
  countReceipt(paymentId: string, max: number): Promise<boolean>;
  /**
   * Gives the payment its receipt number, page token and the tax settings it is issued under (#97) unless
   * it has a number already, in one write; answers the
   * payment as it stands afterwards (undefined when there is no such payment).
   */
  setReceipt(
    paymentId: string,
    receipt: { receiptNumber: number; receiptToken: string; receiptKey?: string; receiptTax: ReceiptTax },
  ): Promise<PaymentRecord | undefined>;
  findByReceiptToken(receiptToken: string): Promise<PaymentRecord | undefined>;
  /**
   * Claims the merchant's 'Payment received' email: sets `merchantNotifiedAt` only if the payment is the
   * merchant's, succeeded and not yet claimed, and answers the payment as it stands; undefined when the claim
   * was refused (someone claimed it first, or it is not that merchant's succeeded payment).
   */
  claimMerchantNotification(paymentId: string, merchantId: string, at: string): Promise<PaymentRecord | undefined>;
  /** Gives back the claim made `at` (the send failed), so the event's retry may send it. */
  releaseMerchantNotification(paymentId: string, at: string): Promise<void>;
  /**
   * Claims the payer's unasked receipt (docs/decisions.md #172): sets `payerReceiptSentAt` only if the payment
   * is the merchant's, succeeded, has the payer's address and was not claimed; answers the payment as it
   * stands, or undefined when refused.
   */
  claimPayerReceipt(paymentId: string, merchantId: string, at: string): Promise<PaymentRecord | undefined>;
  /** Gives back the receipt's claim made `at` (the send failed unsent), so the event's retry sends it. */
  releasePayerReceipt(paymentId: string, at: string): Promise<void>;
  /** Notes on the payment that an email to its payer was refused (the latest refusal wins). */
  recordEmailRefusal(paymentId: string, refusal: EmailRefusal): Promise<void>;
  /** Pending payments of one `pending` shard created at or after `since`, oldest first, at most `limit`. */
  listPending(shard: string, since: string, limit: number): Promise<PaymentRecord[]>;
  /** Pending payments of one shard whose next check is due by `now`, most overdue first, at most `limit`. */
  listDueForReverify(shard: string, now: string, limit: number): Promise<PaymentRecord[]>;
  /** Puts a still-pending payment's next check at `at`, after `checks` checks. */
  scheduleReverify(paymentId: string, at: string, checks: number): Promise<void>;
  /** One merchant's pending payments created at or after `since`, oldest first, at most `limit`. */
  listPendingOfMerchant(merchantId: string, since: string, limit: number): Promise<PaymentRecord[]>;
  /** How many of the merchant's payments are pending (the sparse `pendingByMerchant` index). */
  countPendingOfMerchant(merchantId: string): Promise<number>;
  /** Payments of one `uncounted` shard still marked uncounted, oldest mark first, at most `limit`. */
  listUncounted(shard: string, limit: number, merchantId?: string): Promise<PaymentRecord[]>;
  /** Every payment of one `uncounted` shard (normally none or a few: crash leftovers and failing counts). */
  listAllUncounted(shard: string): Promise<PaymentRecord[]>;
  /**
   * Removes `announceOwed` once the live update is out, and records `placeSettled` (the place move the
   * settle has made by then) in the same write; the settle's last, it also takes the payment off the
   * `unfinishedSettles` index.
   */
  clearAnnounceOwed(paymentId: string, placeSettled: PlaceMove | undefined): Promise<void>;
  /** Puts a still-marked payment's next count attempt at `retryAt`, after `attempts` failures. */
  deferCount(paymentId: string, attempts: number, retryAt: Date): Promise<void>;
  /** Unfinished settles of one `unfinished` shard due by `now`, most overdue first, at most `limit` (keys only). */
  listUnfinishedSettles(shard: string, now: string, limit: number): Promise<UnfinishedSettle[]>;
  /** Puts a still-unfinished settle's next attempt at `retryAt`, after `attempts` failures. */
  deferSettleFinish(paymentId: string, attempts: number, retryAt: Date): Promise<void>;
}

/** What the `unfinishedSettles` index carries of a payment. */
export type UnfinishedSettle = Pick<PaymentRecord, 'paymentId' | 'finishDueAt' | 'finishAttempts'>;

/** `pay_` + 12 random bytes = 16 base64url characters: unguessable, since the cancel link carries it. */
export function newPaymentId(): string {
  return `pay_${randomBytes(12).toString('base64url')}`;
}

/** Shards of the sparse pending and uncounted indexes, so one hot partition never holds them all. */
export const PENDING_SHARDS = 4;
export const UNCOUNTED_SHARDS = 4;
export const UNFINISHED_SHARDS = 4;

/** A stable shard `prefix#n` of `id` (n < shards). */
export function shardOf(prefix: string, id: string, shards: number): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `${prefix}#${hash % shards}`;
}

export function pendingShardOf(paymentId: string): string {
  return shardOf('pending', paymentId, PENDING_SHARDS);
}

export function uncountedShardOf(paymentId: string): string {
  return shardOf('uncounted', paymentId, UNCOUNTED_SHARDS);
}

/**
 * How long after its status write a settle is left to whoever is making it before the schedule finishes
 * it: longer than any settle runs (the webhook consumer's 25 s, the result page's 30 s), so the schedule
 * rarely meets one still under way — and when it does, every step refuses a repeat (#125).
 */
export const SETTLE_FINISH_GRACE_MS = 60_000;

export function unfinishedShardOf(paymentId: string): string {
  return shardOf('unfinished', paymentId, UNFINISHED_SHARDS);
}

/** Every shard name of a sharded index, for the jobs that walk all of them. */
export function allShards(prefix: string, shards: number): string[] {
  return Array.from({ length: shards }, (_, index) => `${prefix}#${index}`);
}

/**
 * The key of one merchant's payments from one payer's email, in any case or padding: the customer-email
 * filter matches the whole address (docs/decisions.md), so it reads one index partition — flat cost at any
 * number of payments, where matching part of an address would read them all.
 */
export function payerEmailKeyOf(merchantId: string, email: string): string {
  return `${merchantId}#${email.trim().toLowerCase()}`;
}
