import * as z from 'zod';

/**
 * How a tip is treated for GST. No New Zealand ruling settles whether a tip paid through the business is
 * part of the taxable supply; the merchant chooses, and the receipts and the GST summary follow.
 */
export const tipGstTreatmentSchema = z.enum(['part-of-supply', 'outside-supply']);
export type TipGstTreatment = z.infer<typeof tipGstTreatmentSchema>;

/** The merchant's tax settings as stored and as Settings → Tax shows them. Prices always include GST. */
export const taxSettingsSchema = z.object({
  gstRegistered: z.boolean(),
  /** The GST (IRD) number, digits only; present when registered. */
  gstNumber: z.string().nullable(),
  /** The legal or trading name receipts show. */
  legalName: z.string().nullable(),
  /** The address receipts show. */
  address: z.string().nullable(),
  tipTreatment: tipGstTreatmentSchema,
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;
