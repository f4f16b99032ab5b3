import { z } from 'zod';
import { plainTextSchema } from '../plain-text';
import { MAX_TIP_PERCENT, PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS } from '../money';
import { AMOUNT_TOO_LARGE_MESSAGE, AMOUNT_TOO_SMALL_MESSAGE } from '../payment-messages';

/** Link ids are 12 URL-safe characters from a random source: short QR codes, nothing to enumerate (docs/decisions.md #9). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;
export const linkIdSchema = z.string().regex(LINK_ID_PATTERN, 'Payment link not found');

export const LINK_TITLE_MAX = 100;
export const LINK_DESCRIPTION_MAX = 500;

export const MAX_PAYMENTS_LIMIT = 100_000;
export const MAX_PAYMENTS_MESSAGE = `The payment limit must be a whole number from 1 to ${MAX_PAYMENTS_LIMIT.toLocaleString('en-NZ')}.`;

export const TIP_RANGE_MESSAGE = `Tip percentage must be a whole number from 0 to ${MAX_TIP_PERCENT}.`;

/** A payment amount in cents within what one payment may be. */
export const paymentCentsSchema = z
  .number('Please enter a valid amount')
  .int('Please enter a valid amount')
  .min(PAYMENT_MIN_CENTS, AMOUNT_TOO_SMALL_MESSAGE)
  .max(PAYMENT_MAX_CENTS, AMOUNT_TOO_LARGE_MESSAGE);

/** A merchant's payment link, as GET/POST/PATCH /api/me/links answer. */
export const paymentLinkSchema = z.object({
  linkId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Cents; null for an open amount (the payer types it). */
  amountCents: z.number().int().nullable(),
  isOpenAmount: z.boolean(),
  /** Whole percent offered as a tip; null when the link offers none. */
  tipPercent: z.number().int().nullable(),
  isActive: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
  /** At most this many completed payments ("sold out" after); null = no limit (docs/decisions.md #58). */
  maxPayments: z.number().int().nullable().default(null),
  /** Completed payments counted against the limit; a refund does not give a place back. */
  soldCount: z.number().int().default(0),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListSchema = z.object({ links: z.array(paymentLinkSchema) });
export type PaymentLinkList = z.infer<typeof paymentLinkListSchema>;

/**
 * POST /api/me/links — the Create Link form, checked field for field by the browser and the server
 * (docs/decisions.md #10). An open-amount link stores no amount.
 */
export const createPaymentLinkSchema = z
  .object({
    title: plainTextSchema().pipe(z.string().min(1, 'Title is required').max(LINK_TITLE_MAX)),
    description: plainTextSchema({ multiline: true })
      .pipe(z.string().max(LINK_DESCRIPTION_MAX))
      .nullish()
      .transform((value) => value || null),
    isOpenAmount: z.boolean(),
    amountCents: paymentCentsSchema.nullish().transform((value) => value ?? null),
    tipPercent: z
      .number(TIP_RANGE_MESSAGE)
      .int(TIP_RANGE_MESSAGE)
      .min(0, TIP_RANGE_MESSAGE)
      .max(MAX_TIP_PERCENT, TIP_RANGE_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    maxPayments: z
      .number(MAX_PAYMENTS_MESSAGE)
      .int(MAX_PAYMENTS_MESSAGE)
      .min(1, MAX_PAYMENTS_MESSAGE)
      .max(MAX_PAYMENTS_LIMIT, MAX_PAYMENTS_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((link, context) => {
    if (!link.isOpenAmount && link.amountCents === null) {
      context.addIssue({ code: 'custom', path: ['amountCents'], message: 'Amount is required' });
    }
  })
  .transform((link) => ({ ...link, amountCents: link.isOpenAmount ? null : link.amountCents }));
export type CreatePaymentLinkInput = z.input<typeof createPaymentLinkSchema>;
export type CreatePaymentLink = z.output<typeof createPaymentLinkSchema>;

/** PATCH /api/me/links/{id} — Activate / Deactivate. */
export const updatePaymentLinkSchema = z.object({ isActive: z.boolean('isActive must be true or false') });
export type UpdatePaymentLink = z.infer<typeof updatePaymentLinkSchema>;

/**
 * GET /api/links/{id} — public, cacheable, and only what the payment page shows: no merchant id, no
 * Stripe account, no dates. `acceptingPayments` is false when the merchant cannot take payments right
 * now (docs/decisions.md #11).
 */
export const publicPaymentLinkSchema = paymentLinkSchema
  .pick({
    linkId: true,
    title: true,
    description: true,
    amountCents: true,
    isOpenAmount: true,
    tipPercent: true,
    currency: true,
  })
  .extend({
    /** The business the payer is paying (company name), when the merchant gave one. */
    businessName: z.string().nullable(),
    acceptingPayments: z.boolean(),
    /** Every place is sold or held by a payer on Checkout (docs/decisions.md #58). */
    soldOut: z.boolean().default(false),
  });
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;
