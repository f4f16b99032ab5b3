import * as z from 'zod/mini';
import { GST_NUMBER_MESSAGES, gstNumberDigits, gstNumberProblem } from '../gst-number';
import { plainTextSchema } from '../plain-text';
import {
  DEFAULT_SHOW_SMALL_RECEIPT_GST,
  DEFAULT_TIP_TREATMENT as TIP_DEFAULT,
  UNSAVED_TAX_SETTINGS as UNSAVED,
} from '../tax-defaults';

/**
 * How a tip is treated for GST. No New Zealand ruling settles whether a tip paid through the business is
 * part of the taxable supply; the merchant chooses, and the receipts and the GST summary follow.
 */
export const tipGstTreatmentSchema = z.enum(['part-of-supply', 'outside-supply']);
export type TipGstTreatment = z.infer<typeof tipGstTreatmentSchema>;

/** Counting the tip can only overstate GST, never leave it undeclared (docs/decisions.md #66). */
export const DEFAULT_TIP_TREATMENT: TipGstTreatment = TIP_DEFAULT;

/** The merchant's tax settings as stored and as Settings → Tax shows them. Prices always include GST. */
export const taxSettingsSchema = z.object({
  gstRegistered: z.boolean(),
  /** The GST (IRD) number, digits only; present when registered. */
  gstNumber: z.nullable(z.string()),
  /** The legal or trading name receipts show. */
  legalName: z.nullable(z.string()),
  /** The address receipts show. */
  address: z.nullable(z.string()),
  tipTreatment: tipGstTreatmentSchema,
  /**
   * Whether a receipt of $200 or less states the GST it includes and the GST number, which the law asks only
   * over $200 (docs/decisions.md #176). On unless the merchant turns it off.
   */
  showSmallReceiptGst: z.boolean(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** A merchant who has never saved Settings → Tax: not registered, the default tip treatment. */
export const UNSAVED_TAX_SETTINGS: TaxSettings = UNSAVED;

const optionalText = (max: number) =>
  z.pipe(
    z.optional(
      z.nullable(
        z.pipe(
          plainTextSchema({ multiline: max > 200 }),
          z.string().check(z.maxLength(max, `Keep it under ${max} characters.`)),
        ),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/**
 * PUT /api/me/tax — Settings → Tax. A registered merchant needs a GST number that passes Inland Revenue's
 * check digit (refused in words, on the field) and the name receipts show; the number is stored as digits.
 */
export const taxSettingsUpdateSchema = z.pipe(
  z
    .object({
      gstRegistered: z.boolean('Say whether you are registered for GST.'),
      gstNumber: z.optional(z.nullable(z.string())),
      legalName: optionalText(120),
      address: optionalText(300),
      tipTreatment: z._default(tipGstTreatmentSchema, DEFAULT_TIP_TREATMENT),
      showSmallReceiptGst: z._default(
        z.boolean('Say whether receipts of $200 or less show the GST.'),
        DEFAULT_SHOW_SMALL_RECEIPT_GST,
      ),
    })
    .check(
      z.superRefine((value, context) => {
        if (!value.gstRegistered) return;
        const problem = gstNumberProblem(value.gstNumber ?? '');
        if (problem) context.addIssue({ code: 'custom', path: ['gstNumber'], message: GST_NUMBER_MESSAGES[problem] });
        if (!value.legalName)
          context.addIssue({
            code: 'custom',
            path: ['legalName'],
            message: 'Enter the legal or trading name your receipts show.',
          });
      }),
    ),
  z.transform((value: Omit<TaxSettings, 'gstNumber'> & { gstNumber?: string | null }): TaxSettings => ({
    gstRegistered: value.gstRegistered,
    // Not registered: no number is kept, so no receipt can show one.
    gstNumber: value.gstRegistered ? gstNumberDigits(value.gstNumber ?? '') : null,
    legalName: value.legalName,
    address: value.address,
    tipTreatment: value.tipTreatment,
    showSmallReceiptGst: value.showSmallReceiptGst,
  })),
);
export type TaxSettingsUpdate = z.input<typeof taxSettingsUpdateSchema>;
