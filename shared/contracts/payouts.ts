/**
 * The merchant's Stripe payouts to their bank: GET /api/me/payouts (newest arrival first, paged, optionally
 * within arrival days) and GET /api/me/payouts/{id} (the payout with a page of the lines it is made of). The Payouts
 * screen and its Xero exports; docs/decisions.md #56, #57.
 */
import * as z from 'zod/mini';
import { GST_TREATMENTS } from '../gst-treatment';

export const PAYOUT_PAGE_MAX = 100;
export const PAYOUT_PAGE_DEFAULT = 25;

export const payoutStatusSchema = z.enum(['pending', 'in_transit', 'paid', 'failed', 'canceled']);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** Forward only; a payout Stripe marked paid can still fail later (the bank returns it). */
export const PAYOUT_STATUS_RANK: Record<PayoutStatus, number> = {
  pending: 0,
  in_transit: 1,
  paid: 2,
  failed: 3,
  canceled: 3,
};

/**
 * What one line of a payout is: a payment's gross, a refund, a dispute's withdrawal (or its reversal when
 * won), Stripe's fee, Paylink's fee, Paylink's fee given back on a refund, an earlier payout's money
 * returned to the balance because the bank refused it or it was cancelled (`payout_failure`,
 * docs/decisions.md #121), or anything else Stripe moved.
 */
export const payoutLineKindSchema = z.enum([
  'payment',
  'refund',
  'dispute',
  'stripe_fee',
  'paylink_fee',
  'fee_refund',
  'payout_failure',
  'other',
]);
export type PayoutLineKind = z.infer<typeof payoutLineKindSchema>;

export const payoutLineSchema = z.object({
  kind: payoutLineKindSchema,
  /** Signed cents: money in is positive, fees and refunds negative. */
  amountCents: z.number().check(z.int()),
  /** When Stripe recorded the money movement (ISO). */
  createdAt: z.string(),
  /** The Paylink payment it belongs to, when known. */
  paymentId: z.nullable(z.string()),
  /** The payer's name, for payments, refunds and disputes. */
  payerName: z.nullable(z.string()),
  /** The link's title when paid. */
  linkTitle: z.nullable(z.string()),
  /** Stripe's id of what moved the money (ch_, re_, dp_, …). */
  sourceId: z.nullable(z.string()),
  /**
   * The payment's receipt number, the Xero exports' Reference (docs/decisions.md #86); absent on lines
   * recorded before it was kept, and null where the payment has no receipt.
   */
  receiptNumber: z.optional(z.nullable(z.number().check(z.int()))),
  /**
   * Whether the payment's receipt was issued by a GST-registered merchant (docs/decisions.md #97, #98): the
   * precoded Tax Rate of its sale, refund and dispute lines follows it. Absent on lines recorded before it
   * was kept, null where the payment kept no tax settings; both follow the merchant's setting as it is.
   */
  receiptGstRegistered: z.optional(z.nullable(z.boolean())),
  /**
   * The part of the amount (signed, as it) that carries 15% GST, GST-inclusive (docs/decisions.md #118,
   * #119): a sale's supply (its tip left out when tips are outside it), a refund's part that lowered
   * the supply, Paylink's fee when Paylink is registered for GST; 0 for what carries none (Stripe's fees,
   * disputes, tips outside the supply). The precoded Xero file codes this part with GST and the rest "No GST".
   * Absent on lines recorded before it was kept: those are coded by their kind.
   */
  taxableCents: z.optional(z.number().check(z.int())),
  /**
   * A sale's or refund's GST treatment, as its link had it when paid (docs/decisions.md #136): the precoded
   * file codes a zero-rated sale's `taxableCents` "Zero Rated" rather than with 15% GST. Absent: standard.
   */
  gstTreatment: z.optional(z.enum(GST_TREATMENTS)),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutSummarySchema = z.object({
  payoutId: z.string(),
  status: payoutStatusSchema,
  amountCents: z.number().check(z.int()),
  currency: z.string(),
  /** When Stripe created the payout and when the bank is (or was) to credit it, ISO. */
  createdAt: z.string(),
  arrivalDate: z.string(),
  failureMessage: z.nullable(z.string()),
  lineCount: z.number().check(z.int()),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** Lines of one payout a page holds by default and at most (a 20,000-line payout is read in pages). */
export const PAYOUT_LINES_PAGE_DEFAULT = 500;
export const PAYOUT_LINES_PAGE_MAX = 1000;

/**
 * One payout and one page of its lines, oldest first (docs/decisions.md #129): `nextCursor` asks
 * for the next page (null on the last); `linesTotalCents` is the sum of every line of the payout, computed
 * on the server, whichever page this is.
 */
export const payoutDetailSchema = z.extend(payoutSummarySchema, {
  lines: z.array(payoutLineSchema),
  nextCursor: z.nullable(z.string()),
  linesTotalCents: z.number().check(z.int()),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export const payoutLinesQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAYOUT_LINES_PAGE_MAX)),
    PAYOUT_LINES_PAGE_DEFAULT,
  ),
  cursor: z.optional(z.string().check(z.maxLength(200, 'That page of lines is not known. Open the payout again.'))),
});
export type PayoutLinesQuery = z.infer<typeof payoutLinesQuerySchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const payoutListQuerySchema = z
  .object({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAYOUT_PAGE_MAX)), PAYOUT_PAGE_DEFAULT),
    cursor: z.optional(z.string().check(z.maxLength(500))),
    /** Arrival days (yyyy-MM-dd, UTC as Stripe dates them), inclusive. */
    from: z.optional(z.string().check(z.regex(DAY_PATTERN, 'Enter the from date as yyyy-MM-dd.'))),
    to: z.optional(z.string().check(z.regex(DAY_PATTERN, 'Enter the to date as yyyy-MM-dd.'))),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'The from date must be on or before the to date.',
      path: ['to'],
    }),
  );
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;

export const payoutListSchema = z.object({
  payouts: z.array(payoutSummarySchema),
  nextCursor: z.nullable(z.string()),
  /** The merchant's GST setting (`tax.gstRegistered`), which the precoded Xero export's Tax Rate follows. */
  gstRegistered: z.boolean(),
});
export type PayoutList = z.infer<typeof payoutListSchema>;
