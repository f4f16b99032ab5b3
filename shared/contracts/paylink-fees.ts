/**
 * GET /api/me/paylink-fees?month=2026-04 — Paylink's statement of its own fees to the signed-in merchant for
 * one calendar month: the 0.5% fee on each payment, less the fee Stripe returned with each refund. When
 * Paylink is registered for GST it is Paylink's taxable supply information for the month (a tax invoice);
 * when not, it says so and shows no GST (docs/decisions.md #123).
 */
import * as z from 'zod/mini';
import { isMonthName } from '../gst-periods';

const MONTH_MESSAGE = 'Choose the month of the statement, as yyyy-MM.';

export const feeStatementQuerySchema = z.object({
  month: z.string(MONTH_MESSAGE).check(z.refine(isMonthName, { message: MONTH_MESSAGE })),
});
export type FeeStatementQuery = z.infer<typeof feeStatementQuerySchema>;

/** One fee Paylink took (on a payment) or gave back (with a refund of it). */
export const feeLineSchema = z.object({
  kind: z.enum(['fee', 'returned']),
  paymentId: z.string(),
  refundId: z.nullable(z.string()),
  receiptNumber: z.nullable(z.number().check(z.int())),
  /** When the payment settled or the refund was made (ISO); `day` its date (yyyy-MM-dd) in the receipt's zone. */
  at: z.string(),
  day: z.string(),
  description: z.string(),
  /** The payment's total, or the refund's amount. */
  amountCents: z.number().check(z.int()),
  /** Paylink's fee on it: positive when taken, negative when given back. */
  feeCents: z.number().check(z.int()),
});
export type FeeLine = z.infer<typeof feeLineSchema>;

export const feeTotalsSchema = z.object({
  /** Fees taken on the month's payments (GST-inclusive when Paylink is registered). */
  chargedCents: z.number().check(z.int()),
  /** Fees given back with the month's refunds, as a positive amount. */
  returnedCents: z.number().check(z.int()),
  /** chargedCents − returnedCents. */
  netCents: z.number().check(z.int()),
  /** GST included in each, 3/23 s19O-rounded; null when Paylink is not registered. */
  chargedGstCents: z.nullable(z.number().check(z.int())),
  returnedGstCents: z.nullable(z.number().check(z.int())),
  netGstCents: z.nullable(z.number().check(z.int())),
});
export type FeeTotals = z.infer<typeof feeTotalsSchema>;

export const feeStatementSchema = z.object({
  month: z.string(),
  fromDay: z.string(),
  toDay: z.string(),
  /** The statement's date: the month's last day, or today while the month is still running. */
  issuedDay: z.string(),
  /** False while the month is still running: the statement is to date. */
  monthComplete: z.boolean(),
  timeZone: z.string(),
  currency: z.string(),
  supplier: z.object({
    name: z.string(),
    /** Paylink's GST number as Inland Revenue prints it; null when Paylink is not registered. */
    gstNumber: z.nullable(z.string()),
  }),
  /** The merchant the fees were charged to: the name and contact details taxable supply information over $1,000 needs. */
  recipient: z.object({ name: z.string(), email: z.string(), address: z.nullable(z.string()) }),
  lines: z.array(feeLineSchema),
  totals: feeTotalsSchema,
});
export type FeeStatement = z.infer<typeof feeStatementSchema>;
