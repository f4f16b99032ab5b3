/**
 * The merchant's payment history: the Transactions list (filtered and paged on the server), the CSV
 * export that reads the same pages, and one payment's expanded detail (docs/decisions.md #12, #15, #20, #21).
 */
import type { StripePort } from './stripe-port';
import * as z from 'zod/mini';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { PAYMENT_ID_PATTERN } from '@shared/contracts/payment-id-and-status';
import {
  paymentIdSchema,
  type PaymentDetail,
  type PaymentList,
  type PaymentListQuery,
  type PaymentSummary,
} from '@shared/contracts/payments';
import { FILTER_OF_GROUP, UNFILTERED_STATUSES } from '@shared/payment-status-display';
import { subscriptionPaymentKindOf } from '@shared/recurring';
import { HttpError } from './http-error';
import { addDays, startOfDayIn } from './merchant-days';
import { isUnsettled } from './payment-status';
import { requireMerchant, type MerchantRepository } from './merchants';
import { payerEmailKeyOf, type PaymentRecord, type SettlementDetails } from './payments';
import { refundableCentsOf } from './money-after-sale';
import { disputeForDisplay, refundersOf, refundsForDisplay } from './money-display';
import { retrieveSettlementDetails } from './settlement-details';
import { fullReceiptPath } from './receipts';

/** Where a page ends in the `byMerchant` index (merchantId is always the caller's own, never the cursor's). */
export interface PaymentPosition {
  createdAt: string;
  paymentId: string;
}

/** One DynamoDB Query over the merchant's payments, newest first. */
export interface PaymentHistoryQuery {
  merchantId: string;
  /** Inclusive bounds on `createdAt` (ISO instants), the index's sort key. */
  createdFrom?: string;
  createdTo?: string;
  /** Server-side filters DynamoDB can apply itself (FilterExpression). */
  statuses?: readonly string[];
  /** The money state the payment must have; `null` = none (docs/decisions.md #19). */
  moneyState?: string | null;
  idPrefix?: string;
  /** referenceKeyOf the merchant's reference: the whole reference, in any case. */
  referenceKey?: string;
  totalMin?: number;
  totalMax?: number;
  /** One payer's payments only (payerEmailKeyOf): read from the `byPayerEmail` index instead. */
  payerEmailKey?: string;
  startAfter?: PaymentPosition;
  /** DynamoDB's `Limit`: items *evaluated*, before the filter. */
  evaluate: number;
}

export interface PaymentHistoryRepository {
  /** One Query call: the matching items of at most `evaluate` evaluated ones (and at most 1 MB read). */
  query(query: PaymentHistoryQuery): Promise<{ items: PaymentRecord[]; lastEvaluated?: PaymentPosition }>;
  get(paymentId: string): Promise<PaymentRecord | undefined>;
  /**
   * Writes the given details only where the stored payment has none (a settlement that lands meanwhile
   * wins), and answers the payment as it stands.
   */
  fillMissingDetails(paymentId: string, details: SettlementDetails): Promise<PaymentRecord | undefined>;
  linkExists(linkId: string): Promise<boolean>;
}

/**
 * The bound on one list request: at most 10 Query calls, each evaluating at most 1,000 items (and reading
 * at most 1 MB, DynamoDB's own cap) — so ≤ 10,000 items and ≤ 10 MB per request, a few hundred ms on
 * DynamoDB, well inside Lambda's and API Gateway's 29 s. A sparse filter that runs out of calls answers
 * what it found (possibly nothing) and a cursor to carry on from.
 */
export const MAX_QUERY_CALLS_PER_PAGE = 10;
export const MAX_EVALUATED_PER_QUERY = 1000;
/** A filtered search starts by evaluating this many (or twice the page) and doubles each call. */
const FIRST_FILTERED_BATCH = 50;

const invalidCursor = () =>
  new HttpError(400, 'invalid_cursor', 'This page of transactions is out of date. Reload the list.', {
    cursor: 'Reload the list.',
  });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const cursorSchema = z.strictObject({
  c: z.string().check(z.regex(ISO_INSTANT)),
  p: z.string().check(z.regex(PAYMENT_ID_PATTERN)),
});

/** base64url of the last returned item's index key, without the merchant (the token says who). */
export function encodeCursor(position: PaymentPosition): string {
  return Buffer.from(JSON.stringify({ c: position.createdAt, p: position.paymentId })).toString('base64url');
}

/** A cursor as `encodeCursor` made it; anything else (forged, garbled, truncated) is a 400. */
export function decodeCursor(cursor: string): PaymentPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return { createdAt: result.data.c, paymentId: result.data.p };
}

/** The filters as one Query's conditions (the customer email chooses the index: listMerchantPayments). */
export function queryConditions(filters: PaymentListQuery, timeZone: string) {
  return {
    createdFrom: filters.dateFrom && startOfDayIn(filters.dateFrom, timeZone).toISOString(),
    // The last millisecond of Date To: createdAt is always toISOString(), so BETWEEN is exact.
    createdTo:
      filters.dateTo && new Date(startOfDayIn(addDays(filters.dateTo, 1), timeZone).getTime() - 1).toISOString(),
    // No status chosen: payments only, never an open or abandoned checkout (docs/decisions.md #30).
    statuses: filters.status ? FILTER_OF_GROUP[filters.status].statuses : UNFILTERED_STATUSES,
    moneyState: filters.status && FILTER_OF_GROUP[filters.status].moneyState,
    idPrefix: filters.transactionId,
    referenceKey: filters.reference,
    totalMin: filters.amountMin,
    totalMax: filters.amountMax,
  } satisfies Partial<PaymentHistoryQuery>;
}

const positionOf = (payment: PaymentRecord): PaymentPosition => ({
  createdAt: payment.createdAt,
  paymentId: payment.paymentId,
});

export function toPaymentSummary(payment: PaymentRecord): PaymentSummary {
  return {
    paymentId: payment.paymentId,
    paymentIntentId: payment.paymentIntentId ?? null,
    linkId: payment.linkId,
    linkTitle: payment.linkTitle,
    linkDescription: payment.linkDescription ?? null,
    status: payment.status,
    currency: payment.currency,
    amountCents: payment.baseCents,
    tipCents: payment.tipCents,
    totalCents: payment.totalCents,
    payerName: payment.payerName ?? null,
    payerEmail: payment.payerEmail ?? null,
    createdAt: payment.createdAt,
    settledAt: payment.settledAt ?? null,
    refundedCents: payment.refundedCents ?? 0,
    moneyState: payment.moneyState ?? null,
    reference: payment.reference ?? null,
    customFields: payment.customFields ?? [],
    payerPhone: payment.payerPhone ?? null,
    refundedBy: refundersOf(payment),
    stripeFeeCents: payment.stripeFeeCents ?? null,
    productFeeCents: payment.productFeeCents,
    subscriptionPayment: subscriptionPaymentKindOf(payment),
    recurringTerms: payment.recurringTerms ?? null,
  };
}

interface ListDeps {
  history: PaymentHistoryRepository;
  merchants: MerchantRepository;
}

/**
 * One page of the merchant's payments, newest first, every filter applied on the server.
 *
 * Sparse filters still fill the page: Query calls continue until `limit + 1` matches are in hand (the
 * extra one only proves there is a next page), the index ends, or MAX_QUERY_CALLS_PER_PAGE is spent.
 * DynamoDB's `Limit` counts items evaluated before the filter, so an unfiltered page asks for exactly what
 * it needs and a filtered one widens its batch each call. When a Query result is cut mid-way, the cursor
 * is the last *returned* item's key, so the next page re-reads the rest: nothing skipped or repeated.
 */
export async function listMerchantPayments(
  merchantId: string,
  query: PaymentListQuery,
  deps: ListDeps,
): Promise<PaymentList> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  const conditions = {
    ...queryConditions(query, merchant.timeZone || DEFAULT_TIME_ZONE),
    payerEmailKey: query.customerEmail ? payerEmailKeyOf(merchantId, query.customerEmail) : undefined,
  };
  let startAfter = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (startAfter && !withinRange(startAfter.createdAt, conditions)) throw invalidCursor();

  const filtered =
    query.status !== undefined ||
    conditions.idPrefix !== undefined ||
    conditions.referenceKey !== undefined ||
    conditions.totalMin !== undefined ||
    conditions.totalMax !== undefined;
  const found: PaymentRecord[] = [];
  for (let call = 0; call < MAX_QUERY_CALLS_PER_PAGE; call += 1) {
    const needed = query.limit + 1 - found.length;
    // With no filter chosen, only open and abandoned checkouts are left out — few among payments — so the
    // first call asks for exactly what it needs, and only a page they thinned widens.
    const evaluate =
      filtered || call > 0
        ? Math.min(MAX_EVALUATED_PER_QUERY, Math.max(FIRST_FILTERED_BATCH, needed * 2) * 2 ** call)
        : Math.min(MAX_EVALUATED_PER_QUERY, needed);
    const { items, lastEvaluated } = await deps.history.query({
      merchantId,
      ...conditions,
      startAfter,
      evaluate,
    });
    for (const item of items) {
      found.push(item);
      if (found.length > query.limit) {
        // The page is full and one more exists: the cursor is the last item this page returns.
        const payments = found.slice(0, query.limit);
        return { payments: payments.map(toPaymentSummary), nextCursor: encodeCursor(positionOf(payments.at(-1)!)) };
      }
    }
    if (!lastEvaluated) return { payments: found.map(toPaymentSummary), nextCursor: null };
    startAfter = lastEvaluated;
  }
  // Out of calls: everything up to the last evaluated key was examined, so carry on from there.
  return { payments: found.map(toPaymentSummary), nextCursor: encodeCursor(startAfter!) };
}

function withinRange(createdAt: string, range: { createdFrom?: string; createdTo?: string }) {
  return (!range.createdFrom || createdAt >= range.createdFrom) && (!range.createdTo || createdAt <= range.createdTo);
}

const paymentNotFound = () => new HttpError(404, 'payment_not_found', 'Payment not found');

/**
 * The payment in the merchant's own Stripe dashboard (direct charges live on their account). A local
 * runtime may point `dashboardBase` elsewhere; otherwise a test key's payments are under `/test`.
 */
export function stripeDashboardUrlOf(
  paymentIntentId: string | null | undefined,
  stripe: { secretKey: string; dashboardBase?: string },
): string | null {
  if (!paymentIntentId) return null;
  const base =
    stripe.dashboardBase ??
    (/^(sk|rk)_test_/.test(stripe.secretKey) ? 'https://dashboard.stripe.com/test' : 'https://dashboard.stripe.com');
  return `${base.replace(/\/$/, '')}/payments/${encodeURIComponent(paymentIntentId)}`;
}

/** A succeeded payment whose card, fee or receipt settlement did not record (Stripe was slow, or an old row). */
export function lacksSettlementDetails(payment: PaymentRecord): boolean {
  if (payment.status !== 'succeeded' || !payment.paymentIntentId) return false;
  const missingCard = payment.paymentMethodType === 'card' && (!payment.cardBrand || !payment.cardLast4);
  return !payment.paymentMethodType || missingCard || payment.stripeFeeCents == null || !payment.receiptUrl;
}

interface DetailDeps {
  history: PaymentHistoryRepository;
  stripe: StripePort;
  stripeKey: { secretKey: string; dashboardBase?: string };
  log?: (message: string, error: unknown) => void;
}

/** One payment's expanded detail; another merchant's payment is a 404 exactly like a missing one. */
export async function getMerchantPayment(
  merchantId: string,
  paymentId: string,
  deps: DetailDeps,
): Promise<PaymentDetail> {
  // A path that cannot be a payment id is simply not found: never a 500, never a different answer.
  if (!paymentIdSchema.safeParse(paymentId).success) throw paymentNotFound();
  let payment = await deps.history.get(paymentId);
  if (!payment || payment.merchantId !== merchantId) throw paymentNotFound();

  if (lacksSettlementDetails(payment)) {
    try {
      const details = await retrieveSettlementDetails(deps.stripe, payment.paymentIntentId!, payment.stripeAccountId);
      payment = (await deps.history.fillMissingDetails(paymentId, details)) ?? payment;
    } catch (error) {
      // The detail still answers with what is recorded; the next view tries Stripe again.
      deps.log?.('Could not fill payment details from Stripe', error);
    }
  }

  const stripeDashboardUrl = stripeDashboardUrlOf(payment.paymentIntentId, deps.stripeKey);
  return {
    ...toPaymentSummary(payment),
    linkDeleted: !(await deps.history.linkExists(payment.linkId)),
    paymentMethodType: payment.paymentMethodType ?? null,
    cardBrand: payment.cardBrand ?? null,
    cardLast4: payment.cardLast4 ?? null,
    stripeFeeCents: payment.stripeFeeCents ?? null,
    productFeeCents: payment.productFeeCents,
    receiptUrl: payment.receiptUrl ?? null,
    receiptNumber: payment.receiptNumber ?? null,
    receiptPath: payment.status === 'succeeded' ? fullReceiptPath(payment) : null,
    stripeDashboardUrl,
    lastError: isUnsettled(payment.status) ? (payment.lastError ?? null) : null,
    refundableCents: refundableCentsOf(payment),
    refunds: refundsForDisplay(payment),
    // Disputes are answered from the payment's page in the merchant's Stripe dashboard.
    dispute: disputeForDisplay(payment, stripeDashboardUrl),
    emailRefusal: payment.emailRefusal ?? null,
  };
}
