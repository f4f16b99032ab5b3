/**
 * A link's questions and a payer's answers as they are stored (docs/decisions.md #76): the link's row, the
 * payment and the live event read these. Apart from the Create Link form's checks (shared/contracts/custom-fields.ts),
 * which every function reading a link or a payment would otherwise carry (docs/decisions.md #223).
 */
import * as z from 'zod/mini';

export const CUSTOM_FIELD_TYPES = ['text', 'numeric', 'dropdown'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/**
 * A question as the link stores it and Checkout is given it: `key` and each choice's `value` are Paylink's
 * own (letters and digits, as Stripe asks), so nothing the merchant types has to fit Stripe's key rules.
 */
export const customFieldSchema = z.object({
  key: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** A payer's answer, as stored on the payment when it settles: the question's label and what they gave. */
export const customFieldAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** What the payer typed, or the label of the choice they picked. */
  value: z.string(),
});
export type CustomFieldAnswer = z.infer<typeof customFieldAnswerSchema>;
