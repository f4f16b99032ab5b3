import * as z from 'zod';
import { plainTextSchema } from '../plain-text';
import { MAX_TIP_PERCENT, PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS } from '../money';
import { AMOUNT_TOO_LARGE_MESSAGE, AMOUNT_TOO_SMALL_MESSAGE } from '../payment-messages';
import { normaliseLinkId } from '../payer-link-params';
import { WALL_CLOCK_PATTERN } from '../wall-clock';
import { customFieldSchema, customFieldsInputSchema } from './custom-fields';

/** Link ids are 12 URL-safe characters from a random source: short QR codes, nothing to enumerate (docs/decisions.md #9). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;
export const linkIdSchema = z.string().regex(LINK_ID_PATTERN, 'Payment link not found');

/** The id in a public `/p/{id}` or `/api/links/{id}` path, normalised as above. */
export const publicLinkIdSchema = z.string().transform(normaliseLinkId).pipe(linkIdSchema);

export const LINK_TITLE_MAX = 100;
export const LINK_DESCRIPTION_MAX = 500;
export const LINK_EXPIRED_MESSAGE_MAX = 280;
export const LINK_THANK_YOU_MAX = 500;
export const LINK_REFERENCE_MAX = 64;
export const LINK_REDIRECT_URL_MAX = 2000;

export const EXPIRY_INVALID_MESSAGE = 'Enter a date and time for the expiry.';
export const REDIRECT_URL_MESSAGE = 'Enter a web address that starts with https://, e.g. https://example.co.nz/thanks.';
export const AFTER_PAYMENT_BOTH_MESSAGE = 'Choose either a thank-you message or a redirect, not both.';

export const MAX_PAYMENTS_LIMIT = 100_000;
export const MAX_PAYMENTS_MESSAGE = `The payment limit must be a whole number from 1 to ${MAX_PAYMENTS_LIMIT.toLocaleString('en-NZ')}.`;

export const TIP_RANGE_MESSAGE = `Tip percentage must be a whole number from 0 to ${MAX_TIP_PERCENT}.`;

/** A payment amount in cents within what one payment may be. */
export const paymentCentsSchema = z
  .number('Please enter a valid amount')
  .int('Please enter a valid amount')
  .min(PAYMENT_MIN_CENTS, AMOUNT_TOO_SMALL_MESSAGE)
  .max(PAYMENT_MAX_CENTS, AMOUNT_TOO_LARGE_MESSAGE);

/** A link's own payment results, gross: refunds are not taken off (docs/decisions.md #82). */
export const linkResultsSchema = z.object({
  payments: z.number().int(),
  grossCents: z.number().int(),
});
export type LinkResults = z.infer<typeof linkResultsSchema>;

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
  /** When the link stops taking payments (an instant), or null when it never does (docs/decisions.md #53). */
  expiresAt: z.string().nullable(),
  /** True when `expiresAt` has passed, by the server's clock when it answered. */
  expired: z.boolean(),
  /** What the payer page says once the link has expired; null for the default words. */
  expiredMessage: z.string().nullable(),
  /** After payment: the merchant's thank-you on the success page, or a redirect to their https page (docs/decisions.md #54). */
  thankYouMessage: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  /** The merchant's own reference (an invoice number), copied onto each payment (docs/decisions.md #55). */
  reference: z.string().nullable(),
  /** At most this many completed payments ("sold out" after); null = no limit (docs/decisions.md #58). */
  maxPayments: z.number().int().nullable().default(null),
  /** Completed payments counted against the limit; a refund does not give a place back. */
  soldCount: z.number().int().default(0),
  /**
   * What the link has taken (docs/decisions.md #82): succeeded payments and their gross total in cents (amount +
   * tip, before refunds), counted as each one settles. Null for a link made before links kept this count.
   */
  results: linkResultsSchema.nullable().default(null),
  /** The questions Checkout asks the payer, and whether it asks their phone number (docs/decisions.md #76). */
  customFields: z.array(customFieldSchema).default([]),
  collectPhone: z.boolean().default(false),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListSchema = z.object({ links: z.array(paymentLinkSchema) });
export type PaymentLinkList = z.infer<typeof paymentLinkListSchema>;

/** Optional text: trimmed, hidden characters refused, empty is none. */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  plainTextSchema(options)
    .pipe(z.string().max(max, `Use at most ${max} characters.`))
    .nullish()
    .transform((value) => value || null);

/** The merchant's clock reading `yyyy-MM-ddTHH:mm`; the server turns it into an instant in their time zone. */
const wallClockSchema = z
  .string(EXPIRY_INVALID_MESSAGE)
  .regex(WALL_CLOCK_PATTERN, EXPIRY_INVALID_MESSAGE)
  .nullish()
  .transform((value) => value ?? null);

/** An https address the payer's browser is sent to after paying (Paylink appends `payment_id`). */
export const redirectUrlSchema = z
  .string(REDIRECT_URL_MESSAGE)
  .trim()
  .max(LINK_REDIRECT_URL_MAX, REDIRECT_URL_MESSAGE)
  .refine((text) => {
    if (text === '') return true;
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  }, REDIRECT_URL_MESSAGE)
  .nullish()
  .transform((value) => value || null);

/** The expiry fields of the Create Link form and of Edit expiry. */
const expiryFields = {
  /** The merchant's own clock: `yyyy-MM-ddTHH:mm` in their time zone; null for no expiry. */
  expiresAtLocal: wallClockSchema,
  expiredMessage: optionalText(LINK_EXPIRED_MESSAGE_MAX, { multiline: true }),
};

/** The settings a link keeps after creation too: its limit, reference and what follows payment. */
const settingsFields = {
  thankYouMessage: optionalText(LINK_THANK_YOU_MAX, { multiline: true }),
  redirectUrl: redirectUrlSchema,
  reference: optionalText(LINK_REFERENCE_MAX),
  maxPayments: z
    .number(MAX_PAYMENTS_MESSAGE)
    .int(MAX_PAYMENTS_MESSAGE)
    .min(1, MAX_PAYMENTS_MESSAGE)
    .max(MAX_PAYMENTS_LIMIT, MAX_PAYMENTS_MESSAGE)
    .nullish()
    .transform((value) => value ?? null),
};

function refuseBothAfterPayment(
  link: { thankYouMessage: string | null; redirectUrl: string | null },
  context: z.RefinementCtx,
) {
  if (link.thankYouMessage && link.redirectUrl) {
    context.addIssue({ code: 'custom', path: ['redirectUrl'], message: AFTER_PAYMENT_BOTH_MESSAGE });
  }
}

/**
 * PUT /api/me/links/{id}/settings — Edit link settings: the whole set, checked as the Create Link form checks
 * it; the limit is refused below the places already sold or held (docs/decisions.md #83).
 */
export const updateLinkSettingsSchema = z.object(settingsFields).superRefine(refuseBothAfterPayment);
export type UpdateLinkSettingsInput = z.input<typeof updateLinkSettingsSchema>;
export type UpdateLinkSettings = z.output<typeof updateLinkSettingsSchema>;

/** PUT /api/me/links/{id}/expiry — Edit expiry: a new time (a later one revives the link) or none. */
export const updateLinkExpirySchema = z.object(expiryFields);
export type UpdateLinkExpiryInput = z.input<typeof updateLinkExpirySchema>;
export type UpdateLinkExpiry = z.output<typeof updateLinkExpirySchema>;

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
    ...expiryFields,
    ...settingsFields,
    customFields: customFieldsInputSchema,
    collectPhone: z
      .boolean("Say whether to ask for the payer's phone number.")
      .nullish()
      .transform((value) => value ?? false),
  })
  .superRefine((link, context) => {
    if (!link.isOpenAmount && link.amountCents === null) {
      context.addIssue({ code: 'custom', path: ['amountCents'], message: 'Amount is required' });
    }
    refuseBothAfterPayment(link, context);
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
    /** Past its expiry: the page says `expiredMessage` (or the default words) instead of taking payment. */
    expired: z.boolean(),
    expiredMessage: z.string().nullable(),
    /** Every place is sold or held by a payer on Checkout (docs/decisions.md #58). */
    soldOut: z.boolean().default(false),
  });
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;
