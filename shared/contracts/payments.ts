/**
 * The merchant's payments: GET /api/me/payments (the Transactions list, filtered and paged on the server),
 * GET /api/me/payments/{id} (the expanded detail), POST /api/me/payments/verify (Verify & Refresh).
 * The Transactions screen, its expanded detail and its filters; docs/decisions.md #15, #20, #21.
 */
import * as z from 'zod/mini';
import { $ZodPreprocess } from 'zod/v4/core';
import { customFieldAnswerSchema } from './custom-field-records';
import { EARLIEST_FILTER_YEAR, isInFilterYears, LATEST_FILTER_YEAR } from '../calendar-years';
import { parseMoneyInput } from '../money';
import { STATUS_GROUPS } from '../payment-status-display';
import { SUBSCRIPTION_PAYMENT_KINDS } from '../recurring';
import { PAYMENT_ID_PATTERN, paymentStatusSchema } from './payment-id-and-status';

/** Largest page the list answers; the CSV export reads pages of this size. */
export const PAYMENT_PAGE_MAX = 100;
export const PAYMENT_PAGE_DEFAULT = 25;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const INVALID_DATE_MESSAGE = 'Enter a date as dd/MM/yyyy.';
const DATE_YEARS_MESSAGE = `Choose a date from ${EARLIEST_FILTER_YEAR} to ${LATEST_FILTER_YEAR}.`;
const INVALID_AMOUNT_MESSAGE = 'Enter an amount in NZD, e.g. 12.50.';

/** A calendar day `yyyy-MM-dd` (the URL's form; screens show dd/MM/yyyy), meaning that whole day in the merchant's time zone. */
const daySchema = z.string().check(
  z.regex(DAY_PATTERN, { message: INVALID_DATE_MESSAGE, abort: true }),
  // A real calendar day: Date.parse alone rolls 2024-02-30 over into March.
  z.refine(
    (day: string) => {
      const parsed = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
    },
    { message: INVALID_DATE_MESSAGE, abort: true },
  ),
  z.refine(isInFilterYears, DATE_YEARS_MESSAGE),
);

/** Dollars as typed ("12", "12.50") → cents; compared with the payment's total in cents. */
const amountSchema = z.pipe(
  z.string().check(z.trim()),
  z.transform((text: string, payload) => {
    const cents = parseMoneyInput(text);
    if (cents === null) {
      payload.issues.push({ code: 'custom', message: INVALID_AMOUNT_MESSAGE, input: text });
      return z.NEVER;
    }
    return cents;
  }),
);

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
/** An empty query parameter as an absent one (classic zod's `preprocess`, which zod/mini leaves out). */
const blankAsAbsent = <T extends z.core.$ZodType>(schema: T) =>
  new $ZodPreprocess({
    type: 'pipe',
    in: z.transform(emptyAsUndefined),
    out: schema,
  }) as unknown as z.core.$ZodPreprocess<T>;

/**
 * The filter object as the list's query string. Every field is optional; all given ones must
 * match. `status` is a display group; `transactionId` matches the start of Paylink's payment id, of
 * Stripe's payment intent id or of the Checkout session id (docs/decisions.md #21, #29); `customerEmail` matches the payer's whole email,
 * ignoring case and surrounding spaces (docs/decisions.md #45); amounts are NZD and compare with the total
 * paid (amount + tip).
 */
export const paymentFiltersSchema = z
  .object({
    dateFrom: blankAsAbsent(z.optional(daySchema)),
    dateTo: blankAsAbsent(z.optional(daySchema)),
    status: blankAsAbsent(z.optional(z.enum(STATUS_GROUPS))),
    transactionId: blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
    customerEmail: blankAsAbsent(z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)))),
    // The merchant's whole reference, in any case (docs/decisions.md #55).
    reference: blankAsAbsent(z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(64)))),
    amountMin: blankAsAbsent(z.optional(amountSchema)),
    amountMax: blankAsAbsent(z.optional(amountSchema)),
  })
  .check(
    z.refine((filters) => !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo, {
      message: 'Date From must be on or before Date To.',
      path: ['dateTo'],
    }),
    z.refine(
      (filters) =>
        filters.amountMin === undefined || filters.amountMax === undefined || filters.amountMin <= filters.amountMax,
      { message: 'Min must not be more than Max.', path: ['amountMax'] },
    ),
  );
/** The filters as the browser holds them (strings, as typed or as in the URL). */
export type PaymentFiltersInput = z.input<typeof paymentFiltersSchema>;
/** The filters as the server applies them (amounts in cents). */
export type PaymentFilters = z.output<typeof paymentFiltersSchema>;

// The filter fields' names, in a module of their own: the browser's entry writes the list's path with them.
export { PAYMENT_FILTER_KEYS } from './payment-filter-keys';

/** GET /api/me/payments query: the filters plus the page. `cursor` is opaque: pass back what `nextCursor` said. */
export const paymentListQuerySchema = z.intersection(
  paymentFiltersSchema,
  z.object({
    cursor: blankAsAbsent(z.optional(z.string().check(z.maxLength(1000)))),
    limit: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAYMENT_PAGE_MAX)),
      PAYMENT_PAGE_DEFAULT,
    ),
  }),
);
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/**
 * The money after the sale, a dimension of its own beside the status (a payment stays `succeeded`):
 * an open or lost dispute shows as 'Disputed'; otherwise refunds show as 'Refunded' or 'Partially refunded'.
 */
export const MONEY_STATES = ['refunded', 'partially_refunded', 'disputed'] as const;
export const moneyStateSchema = z.enum(MONEY_STATES);
export type MoneyState = z.infer<typeof moneyStateSchema>;

/** Stripe's refund reasons a merchant may give. */
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof refundReasonSchema>;

export const refundSchema = z.object({
  refundId: z.string(),
  amountCents: z.number().check(z.int()),
  /** Stripe's refund status: pending, requires_action, succeeded, failed or canceled. */
  status: z.string(),
  reason: z.nullable(z.string()),
  /** Why a refund failed (Stripe's `failure_reason`), once it has. */
  failureReason: z.nullable(z.string()),
  createdAt: z.string(),
  /** Who in the business made it, when made through Paylink (docs/decisions.md #162). */
  refundedBy: z.optional(z.string()),
});
export type Refund = z.infer<typeof refundSchema>;

export const disputeSchema = z.object({
  disputeId: z.string(),
  /** Stripe's dispute status: needs_response, under_review, won, lost (or a warning_* one). */
  status: z.string(),
  reason: z.nullable(z.string()),
  amountCents: z.number().check(z.int()),
  /** The last moment to respond in Stripe, while the dispute needs a response. */
  evidenceDueBy: z.nullable(z.string()),
  createdAt: z.string(),
  /** The dispute in the merchant's Stripe dashboard, where they respond. */
  respondUrl: z.nullable(z.string()),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** Emails Paylink sends a payer about a payment: the receipt they ask for, and a notice of each refund. */
export const EMAIL_REFUSAL_KINDS = ['receipt', 'refund_notice'] as const;
export type EmailRefusalKind = (typeof EMAIL_REFUSAL_KINDS)[number];

/** An email to the payer that the mail service refused (e.g. SES still in its sandbox), and why. */
export const emailRefusalSchema = z.object({
  kind: z.enum(EMAIL_REFUSAL_KINDS),
  /** What happened and why, in words the merchant can act on (and the mail service's own message). */
  reason: z.string(),
  at: z.string(),
});
export type EmailRefusalView = z.infer<typeof emailRefusalSchema>;

/** One row of the Transactions table (and of the CSV). Amounts in cents. */
export const paymentSummarySchema = z.object({
  paymentId: z.string(),
  /** Stripe's payment intent id, once the payer has paid (or tried to). */
  paymentIntentId: z.nullable(z.string()),
  linkId: z.string(),
  /** The link's title and description when paid (a later edit does not rewrite history). */
  linkTitle: z.string(),
  linkDescription: z.nullable(z.string()),
  status: paymentStatusSchema,
  currency: z.string(),
  /** The base amount, before the tip. */
  amountCents: z.number().check(z.int()),
  tipCents: z.number().check(z.int()),
  totalCents: z.number().check(z.int()),
  payerName: z.nullable(z.string()),
  payerEmail: z.nullable(z.string()),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
  /** Refunded so far (pending and succeeded refunds), in cents; 0 when none. */
  refundedCents: z.number().check(z.int()),
  /** What happened to the money after the sale, when anything did (docs/decisions.md #19). */
  moneyState: z.nullable(moneyStateSchema),
  /** The merchant's reference from the link when paid (docs/decisions.md #55). */
  reference: z.nullable(z.string()),
  /** The payer's answers to the link's questions, and their phone, from Checkout (docs/decisions.md #76). */
  customFields: z._default(z.array(customFieldAnswerSchema), []),
  payerPhone: z._default(z.nullable(z.string()), null),
  /**
   * Who in the business refunded it through Paylink (docs/decisions.md #162, #195): their names, in order, once
   * each ("Aroha Ngata, Hemi Owner"); null when nobody did (no refund, or only ones made in Stripe).
   */
  refundedBy: z._default(z.nullable(z.string()), null),
  /**
   * The fees as recorded when the payment settled (docs/decisions.md #89): Stripe's, from the charge's
   * balance transaction (null until read), and Paylink's application fee. The CSV's fee and net columns.
   */
  stripeFeeCents: z.optional(z.nullable(z.number().check(z.int()))),
  productFeeCents: z.optional(z.number().check(z.int())),
  /**
   * A recurring link's payment (docs/decisions.md #156, #267): 'first' started the subscription, 'renewal' is a
   * later period's; null for a one-off payment. With what repeats, as the payer agreed to it ("NZD $25.00 every week").
   */
  subscriptionPayment: z.optional(z.nullable(z.enum(SUBSCRIPTION_PAYMENT_KINDS))),
  recurringTerms: z.optional(z.nullable(z.string())),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const paymentListSchema = z.object({
  payments: z.array(paymentSummarySchema),
  /** Present when more payments match: pass it as `cursor` for the next page. */
  nextCursor: z.nullable(z.string()),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

export const paymentIdSchema = z.string().check(z.regex(PAYMENT_ID_PATTERN, 'Payment not found'));

/** GET /api/me/payments/{id}: the expanded row. */
export const paymentDetailSchema = z.extend(paymentSummarySchema, {
  /** True when the link the payment was made through no longer exists: the screen says 'Deleted link'. */
  linkDeleted: z.boolean(),
  /** 'card', or another method type Stripe names. */
  paymentMethodType: z.nullable(z.string()),
  cardBrand: z.nullable(z.string()),
  cardLast4: z.nullable(z.string()),
  /** Stripe's processing fee in cents (the merchant's balance transaction). */
  stripeFeeCents: z.nullable(z.number().check(z.int())),
  /** Paylink's 0.5% product fee in cents. */
  productFeeCents: z.number().check(z.int()),
  receiptUrl: z.nullable(z.string()),
  /** The merchant's receipt number for the payment and its receipt page (`/r/{token}`), once it succeeded. */
  receiptNumber: z.optional(z.nullable(z.number().check(z.int()))),
  receiptPath: z.optional(z.nullable(z.string())),
  /** The payment in the merchant's own Stripe dashboard, once it has a payment intent. */
  stripeDashboardUrl: z.nullable(z.string()),
  /** The decline Stripe gave the last attempt, while the payment is still pending. */
  lastError: z.nullable(z.string()),
  /** What may still be refunded, in cents: 0 unless the payment succeeded and is not disputed. */
  refundableCents: z.number().check(z.int()),
  /** Every refund, oldest first. */
  refunds: z.array(refundSchema),
  dispute: z.nullable(disputeSchema),
  /** The last email to the payer that could not be sent, if one could not. */
  emailRefusal: z.nullable(emailRefusalSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** POST /api/me/payments/verify — Verify & Refresh: re-checks the merchant's pending payments with Stripe. */
export const verifyPaymentsResultSchema = z.object({
  /** Pending payments checked with Stripe. */
  checked: z.number().check(z.int()),
  /** Of those, how many Stripe had settled (paid, failed or expired). */
  settled: z.number().check(z.int()),
});
export type VerifyPaymentsResult = z.infer<typeof verifyPaymentsResultSchema>;

/**
 * POST /api/me/payments/{id}/refunds (docs/decisions.md #19). The amount is in cents and at most what remains
 * refundable; the browser sends an `Idempotency-Key` header made when the dialog opened, so a double click
 * or a retry refunds once. Answers the payment's detail as it stands after the refund.
 */
export const REFUND_AMOUNT_MESSAGE = 'Enter an amount greater than $0.00.';
export const refundRequestSchema = z.strictObject({
  amountCents: z
    .number({ error: REFUND_AMOUNT_MESSAGE })
    .check(z.int(REFUND_AMOUNT_MESSAGE), z.positive(REFUND_AMOUNT_MESSAGE)),
  reason: z._default(refundReasonSchema, 'requested_by_customer'),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** The header carrying the browser's idempotency key: letters, digits, '-' and '_', up to 100. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Invalid Idempotency-Key header'));
