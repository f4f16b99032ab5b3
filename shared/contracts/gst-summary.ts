/**
 * GET /api/me/gst-summary?months=2&lastMonth=2026-04 — a merchant's GST for one taxable
 * period: GST on the period's receipts less the GST the period's refunds corrected, each line from the same
 * figures as its receipt, in integer cents, dated on the merchant's days (docs/decisions.md #84).
 */
import * as z from 'zod';
import { GST_PERIOD_LENGTHS, isMonthName } from '../gst-periods';

export const gstSummaryQuerySchema = z.object({
  months: z.coerce
    .number('Choose a period of 1, 2 or 6 months.')
    .int('Choose a period of 1, 2 or 6 months.')
    .refine((value) => (GST_PERIOD_LENGTHS as readonly number[]).includes(value), {
      message: 'Choose a period of 1, 2 or 6 months.',
    })
    .transform((value) => value as (typeof GST_PERIOD_LENGTHS)[number]),
  lastMonth: z
    .string('Choose the month the period ends in, as yyyy-MM.')
    .refine(isMonthName, { message: 'Choose the month the period ends in, as yyyy-MM.' }),
});
export type GstSummaryQuery = z.infer<typeof gstSummaryQuerySchema>;

/** One receipt in the period: the payment's GST as its receipt states it. */
export const gstReceiptLineSchema = z.object({
  paymentId: z.string(),
  /** Null only for a payment that settled before receipt numbers existed. */
  receiptNumber: z.number().int().nullable(),
  /**
   * When it settled (ISO); `day` is the receipt's date (yyyy-MM-dd), in the time zone it was issued in
   * (docs/decisions.md #104), which decides its period.
   */
  at: z.string(),
  day: z.string(),
  description: z.string(),
  payerName: z.string().nullable(),
  totalCents: z.number().int(),
  /** The GST-inclusive value of the supply (the tip left out when the merchant treats tips as outside it). */
  supplyCents: z.number().int(),
  gstCents: z.number().int(),
});
export type GstReceiptLine = z.infer<typeof gstReceiptLineSchema>;

/** One supply correction in the period: a refund and the GST it takes back, as the receipt page lists it. */
export const gstCorrectionLineSchema = z.object({
  paymentId: z.string(),
  refundId: z.string(),
  /** The original receipt's number. */
  receiptNumber: z.number().int().nullable(),
  at: z.string(),
  day: z.string(),
  description: z.string(),
  refundCents: z.number().int(),
  gstCents: z.number().int(),
});
export type GstCorrectionLine = z.infer<typeof gstCorrectionLineSchema>;

export const gstSummaryTotalsSchema = z.object({
  /** The GST-inclusive supplies of the period's receipts. */
  salesCents: z.number().int(),
  gstCollectedCents: z.number().int(),
  refundedCents: z.number().int(),
  gstCorrectedCents: z.number().int(),
  /** gstCollectedCents − gstCorrectedCents: the GST on the period's sales through Paylink. */
  netGstCents: z.number().int(),
});
export type GstSummaryTotals = z.infer<typeof gstSummaryTotalsSchema>;

export const gstSummarySchema = z.object({
  months: z.number().int(),
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
