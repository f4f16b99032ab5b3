/**
 * GET /api/me/gst-summary?months=2&lastMonth=2026-04 — a merchant's GST for one taxable
 * period: GST on the period's receipts less the GST the period's refunds corrected, each line from the same
 * figures as its receipt, in integer cents, dated on the merchant's days (docs/decisions.md #84).
 */
import * as z from 'zod/mini';
import { EARLIEST_FILTER_YEAR, isInFilterYears, LATEST_FILTER_YEAR } from '../calendar-years';
import { GST_PERIOD_LENGTHS, isMonthName } from '../gst-periods';
import type { GstTreatment } from '../gst-treatment';

/** A receipt's or correction's rate (docs/decisions.md #136): a sale that carries no GST is in neither. */
export const ratedGstTreatmentSchema = z.enum(['standard', 'zero-rated'] as const satisfies readonly GstTreatment[]);

export const gstSummaryQuerySchema = z.object({
  months: z.pipe(
    z.coerce.number('Choose a period of 1, 2 or 6 months.').check(
      z.int('Choose a period of 1, 2 or 6 months.'),
      z.refine((value: number) => (GST_PERIOD_LENGTHS as readonly number[]).includes(value), {
        message: 'Choose a period of 1, 2 or 6 months.',
      }),
    ),
    z.transform((value: number) => value as (typeof GST_PERIOD_LENGTHS)[number]),
  ),
  lastMonth: z
    .string('Choose the month the period ends in, as yyyy-MM.')
    .check(
      z.refine(isMonthName, { message: 'Choose the month the period ends in, as yyyy-MM.', abort: true }),
      z.refine(isInFilterYears, `Choose a month from ${EARLIEST_FILTER_YEAR} to ${LATEST_FILTER_YEAR}.`),
    ),
});
export type GstSummaryQuery = z.infer<typeof gstSummaryQuerySchema>;

/** One receipt in the period: the payment's GST as its receipt states it. */
export const gstReceiptLineSchema = z.object({
  paymentId: z.string(),
  /** Null only for a payment that settled before receipt numbers existed. */
  receiptNumber: z.nullable(z.number().check(z.int())),
  /**
   * When it settled (ISO); `day` is the receipt's date (yyyy-MM-dd), in the time zone it was issued in
   * (docs/decisions.md #104), which decides its period.
   */
  at: z.string(),
  day: z.string(),
  description: z.string(),
  payerName: z.nullable(z.string()),
  totalCents: z.number().check(z.int()),
  /** The GST-inclusive value of the supply (the tip left out when the merchant treats tips as outside it). */
  supplyCents: z.number().check(z.int()),
  gstCents: z.number().check(z.int()),
  /** Standard-rated, or zero-rated (its GST 0): as its link was when paid. */
  gstTreatment: ratedGstTreatmentSchema,
});
export type GstReceiptLine = z.infer<typeof gstReceiptLineSchema>;

/** One supply correction in the period: a refund and the GST it takes back, as the receipt page lists it. */
export const gstCorrectionLineSchema = z.object({
  paymentId: z.string(),
  refundId: z.string(),
  /** The original receipt's number. */
  receiptNumber: z.nullable(z.number().check(z.int())),
  at: z.string(),
  day: z.string(),
  description: z.string(),
  refundCents: z.number().check(z.int()),
  /**
   * The part of the refund that lowered the GST-inclusive supply: all of it, less any tip outside the supply
   * it gave back (docs/decisions.md #119). The GST is the GST in this part.
   */
  supplyCents: z.number().check(z.int()),
  gstCents: z.number().check(z.int()),
  /** The corrected receipt's treatment. */
  gstTreatment: ratedGstTreatmentSchema,
});
export type GstCorrectionLine = z.infer<typeof gstCorrectionLineSchema>;

export const gstSummaryTotalsSchema = z.object({
  /** The GST-inclusive supplies of the period's receipts. */
  salesCents: z.number().check(z.int()),
  /** Of salesCents, the zero-rated supplies (the GST return's Box 6). */
  zeroRatedCents: z.number().check(z.int()),
  gstCollectedCents: z.number().check(z.int()),
  /** The supply the period's refunds gave back (their `supplyCents`), to set against `salesCents`. */
  refundedCents: z.number().check(z.int()),
  gstCorrectedCents: z.number().check(z.int()),
  /** gstCollectedCents − gstCorrectedCents: the GST on the period's sales through Paylink. */
  netGstCents: z.number().check(z.int()),
});
export type GstSummaryTotals = z.infer<typeof gstSummaryTotalsSchema>;

export const gstSummarySchema = z.object({
  months: z.number().check(z.int()),
  firstMonth: z.string(),
  lastMonth: z.string(),
  /**
   * The period's first and last day (yyyy-MM-dd). Each receipt and its corrections fall in it by their dates
   * in the zone the receipt was issued in; `timeZone` is the merchant's now (docs/decisions.md #104).
   */
  fromDay: z.string(),
  toDay: z.string(),
  timeZone: z.string(),
  /**
   * Whether the merchant is registered for GST now. A merchant who no longer is still gets the periods when
   * they were: each receipt counts as it was issued (docs/decisions.md #84, #97).
   */
  registeredNow: z.boolean(),
  currency: z.string(),
  receipts: z.array(gstReceiptLineSchema),
  corrections: z.array(gstCorrectionLineSchema),
  totals: gstSummaryTotalsSchema,
});
export type GstSummary = z.infer<typeof gstSummarySchema>;
