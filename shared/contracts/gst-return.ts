/**
 * GET /api/me/gst-return?months=2&lastMonth=2026-04 — a GST period's Paylink figures laid out as Inland
 * Revenue's GST return (GST101A) asks for them, box by box, in integer cents (docs/decisions.md
 * #124). The period is chosen as the GST summary's is (same query).
 */
import * as z from 'zod/mini';

export { gstSummaryQuerySchema as gstReturnQuerySchema } from './gst-summary';

const cents = () => z.number().check(z.int());

/** The return's boxes 5 to 15. Box 8 and Box 12 are 3/23 of Box 7 and Box 11, as the return works them out. */
export const gstReturnBoxesSchema = z.object({
  box5: cents(),
  box6: cents(),
  box7: cents(),
  box8: cents(),
  box9: cents(),
  box10: cents(),
  box11: cents(),
  box12: cents(),
  box13: cents(),
  box14: cents(),
  /** Box 10 − Box 14: GST to pay when positive, a refund when negative. */
  box15: cents(),
});
export type GstReturnBoxes = z.infer<typeof gstReturnBoxesSchema>;

export const gstReturnWorksheetSchema = z.object({
  months: z.number().check(z.int()),
  firstMonth: z.string(),
  lastMonth: z.string(),
  fromDay: z.string(),
  toDay: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** Whether the merchant is registered for GST now (each receipt counts as it was issued). */
  registeredNow: z.boolean(),
  /** Whether Paylink is registered for GST: only then are its fees a purchase with GST to claim. */
  paylinkGstRegistered: z.boolean(),
  boxes: gstReturnBoxesSchema,
  /** What the boxes are made of. */
  parts: z.object({
    receipts: z.number().check(z.int()),
    corrections: z.number().check(z.int()),
    /** The GST the period's receipts state, each rounded as s19O says. */
    receiptsGstCents: cents(),
    /** receiptsGstCents − Box 8: not zero when rounding each receipt differs from 3/23 of their total. */
    roundingDifferenceCents: cents(),
    /** The GST the period's refunds corrected (Box 13). */
    correctionsGstCents: cents(),
    /** Paylink's fees in the period and the fees it gave back with refunds (GST-inclusive). */
    paylinkFeesCents: cents(),
    paylinkFeesReturnedCents: cents(),
  }),
});
export type GstReturnWorksheet = z.infer<typeof gstReturnWorksheetSchema>;
