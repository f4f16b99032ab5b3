/**
 * How a link's sales are treated for GST (docs/decisions.md #136), kept on each payment as its link had it at
 * checkout. Free of zod, as shared/tax-defaults.ts is, so the domain reads it without the contracts.
 *
 * - `standard`: a taxable supply at 15% (GST Act 1985 s8), the price including GST.
 * - `zero-rated`: a taxable supply at 0% (s11, s11A; e.g. services to a non-resident outside New Zealand,
 *   s11A(1)(k)): the receipt shows GST 0%, and the sale counts in the GST return's Box 5 and Box 6.
 * - `no-gst`: no taxable supply — an exempt supply (s14), an unconditional gift to a non-profit body (no
 *   consideration, s2), a security deposit held rather than paid for a supply: the receipt has no GST and the
 *   return does not count it.
 */
export const GST_TREATMENTS = ['standard', 'zero-rated', 'no-gst'] as const;
export type GstTreatment = (typeof GST_TREATMENTS)[number];

/** A link made before the choice existed, or never set: standard-rated. */
export const DEFAULT_GST_TREATMENT: GstTreatment = 'standard';

/** The treatment a payment (or a link) carries, the default where it has none. */
export function gstTreatmentOf(record: { gstTreatment?: GstTreatment | null }): GstTreatment {
  return record.gstTreatment ?? DEFAULT_GST_TREATMENT;
}
