import { MAX_REPEAT_PAYMENTS, REPEAT_EVERY } from '../recurring';
import * as z from 'zod/mini';
import { plainTextSchema } from '../plain-text';
import { checkRedirectUrl, REDIRECT_URL_MESSAGE } from '../redirect-url';
import { MAX_TIP_PERCENT, PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS } from '../money';
import { MAX_TIP_PRESETS } from '../tips';
import { AMOUNT_TOO_LARGE_MESSAGE, AMOUNT_TOO_SMALL_MESSAGE } from '../payment-messages';
import { normaliseLinkId } from '../payer-link-params';
import { WALL_CLOCK_PATTERN } from '../wall-clock';
import {
  paymentLinkFieldsSchema,
  PUBLIC_LINK_FIELD_NAMES,
  type LinkSettingsField,
  type PaymentLinkFields,
  type PublicLinkField,
} from '../payment-link-record';
import { DEFAULT_GST_TREATMENT, GST_TREATMENTS } from '../gst-treatment';
import { customFieldsInputSchema } from './custom-fields';

export { REDIRECT_URL_MESSAGE } from '../redirect-url';

/** Link ids are 12 URL-safe characters from a random source: short QR codes, nothing to enumerate (docs/decisions.md #9). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;
export const linkIdSchema = z.string().check(z.regex(LINK_ID_PATTERN, 'Payment link not found'));

/** The id in a public `/p/{id}` or `/api/links/{id}` path, normalised as above. */
export const publicLinkIdSchema = z.pipe(z.pipe(z.string(), z.transform(normaliseLinkId)), linkIdSchema);

export const LINK_TITLE_MAX = 100;
export const LINK_DESCRIPTION_MAX = 500;
export const LINK_EXPIRED_MESSAGE_MAX = 280;
export const LINK_THANK_YOU_MAX = 500;
export const LINK_REFERENCE_MAX = 64;
export const LINK_REDIRECT_URL_MAX = 2000;

export const EXPIRY_INVALID_MESSAGE = 'Enter a date and time for the expiry.';
export const AFTER_PAYMENT_BOTH_MESSAGE = 'Choose either a thank-you message or a redirect, not both.';

export const MAX_PAYMENTS_LIMIT = 100_000;
/**
 * Grouped by hand, as en-NZ groups it ("10,000"): the first `toLocaleString` with a locale loads the ICU
 * number data, ~12 ms at module load in every function that takes this contract (docs/decisions.md #109).
 */
const groupedThousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const REPEAT_EVERY_MESSAGE = 'Choose weekly, fortnightly, monthly or yearly.';
export const REPEAT_PAYMENTS_MESSAGE = `The number of payments must be a whole number from 2 to ${MAX_REPEAT_PAYMENTS}, or left empty to repeat until cancelled.`;
/** Fixed amount only (docs/decisions.md #154): what the payer types each time cannot be agreed in advance. */
export const REPEAT_OPEN_AMOUNT_MESSAGE =
  'Only a fixed amount can repeat. Untick the own-amount box, or set Repeat to Never.';
export const MAX_PAYMENTS_MESSAGE = `The payment limit must be a whole number from 1 to ${groupedThousands(MAX_PAYMENTS_LIMIT)}.`;

export const GST_TREATMENT_MESSAGE = 'Choose standard-rated, zero-rated or no GST.';
export const TIP_RANGE_MESSAGE = `Tip percentage must be a whole number from 0 to ${MAX_TIP_PERCENT}.`;
/** A preset of 0% would be No Tip twice: presets start at 1 (docs/decisions.md #205). */
export const TIP_PRESET_MESSAGE = `Each tip must be a whole number from 1 to ${MAX_TIP_PERCENT}.`;
export const TIP_PRESETS_COUNT_MESSAGE = `Offer at most ${MAX_TIP_PRESETS} tips.`;
export const TIP_PRESETS_REPEATED_MESSAGE = 'Each tip must differ from the others.';

/** A payment amount in cents within what one payment may be. */
export const paymentCentsSchema = z
  .number('Please enter a valid amount')
  .check(
    z.int('Please enter a valid amount'),
    z.minimum(PAYMENT_MIN_CENTS, AMOUNT_TOO_SMALL_MESSAGE),
    z.maximum(PAYMENT_MAX_CENTS, AMOUNT_TOO_LARGE_MESSAGE),
  );

/** Absent (null or undefined) as null: what the link stores for a field not given. */
export const absentAsNull = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value: z.output<T> | null | undefined) => value ?? null),
  );

/** Absent or empty text as null. */
export const emptyAsNull = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value: z.output<T> | null | undefined) => value || null),
  );

/** A link's own payment results, gross: refunds are not taken off (docs/decisions.md #82). */
export const linkResultsSchema = z.object({
  payments: z.number().check(z.int()),
  grossCents: z.number().check(z.int()),
});
export type LinkResults = z.infer<typeof linkResultsSchema>;

/**
 * A merchant's payment link, as GET/POST/PATCH /api/me/links answer: the link's stored fields
 * (shared/payment-link-record.ts) and what is worked out when it is read.
 */
export const paymentLinkSchema = z.extend(paymentLinkFieldsSchema, {
  /** True when `expiresAt` has passed, by the server's clock when it answered. */
  expired: z.boolean(),
  /**
   * What the link has taken (docs/decisions.md #82): succeeded payments and their gross total in cents (amount +
   * tip, before refunds), counted as each one settles. Null for a link made before links kept this count.
   */
  results: z._default(z.nullable(linkResultsSchema), null),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListSchema = z.object({ links: z.array(paymentLinkSchema) });
export type PaymentLinkList = z.infer<typeof paymentLinkListSchema>;

/** Optional text: trimmed, hidden characters refused, empty is none. */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  emptyAsNull(z.pipe(plainTextSchema(options), z.string().check(z.maxLength(max, `Use at most ${max} characters.`))));

/** A whole number from `min` to `max`, refused with one message whatever is wrong with it. */
const wholeNumberIn = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

/** The merchant's clock reading `yyyy-MM-ddTHH:mm`; the server turns it into an instant in their time zone. */
const wallClockSchema = absentAsNull(
  z.string(EXPIRY_INVALID_MESSAGE).check(z.regex(WALL_CLOCK_PATTERN, EXPIRY_INVALID_MESSAGE)),
);

/**
 * An https address the payer's browser is sent to (Paylink appends `payment_id`), kept as the browser reads
 * it: the parsed, normalised address of a public host (docs/decisions.md #134).
 */
export const redirectUrlSchema = emptyAsNull(
  z.pipe(
    z.string(REDIRECT_URL_MESSAGE).check(z.trim(), z.maxLength(LINK_REDIRECT_URL_MAX, REDIRECT_URL_MESSAGE)),
    z.transform((text: string, payload) => {
      if (text === '') return text;
      const checked = checkRedirectUrl(text);
      if (checked.ok) return checked.href;
      payload.issues.push({ code: 'custom', message: checked.message, input: text });
      return z.NEVER;
    }),
  ),
);

/** The expiry fields of the Create Link form and of Edit expiry. */
const expiryFields = {
  /** The merchant's own clock: `yyyy-MM-ddTHH:mm` in their time zone; null for no expiry. */
  expiresAtLocal: wallClockSchema,
  expiredMessage: optionalText(LINK_EXPIRED_MESSAGE_MAX, { multiline: true }),
};

/**
 * Inputs that the row stores as they come (docs/decisions.md #140): each is named as the link's field it sets
 * (shared/payment-link-record.ts) and gives that field's type, so a field is named and typed once.
 */
type StoredAsGiven = { [Field in keyof PaymentLinkFields]?: z.core.$ZodType<PaymentLinkFields[Field], unknown> };

/** The settings a link keeps after creation too: its limit, reference and what follows payment. */
const settingsFields = {
  thankYouMessage: optionalText(LINK_THANK_YOU_MAX, { multiline: true }),
  redirectUrl: redirectUrlSchema,
  reference: optionalText(LINK_REFERENCE_MAX),
  maxPayments: absentAsNull(wholeNumberIn(1, MAX_PAYMENTS_LIMIT, MAX_PAYMENTS_MESSAGE)),
  // Absent is standard-rated, as on a link made before the choice (docs/decisions.md #136); taken as text,
  // as the forms hold every setting.
  gstTreatment: z.pipe(
    z._default(z.string(GST_TREATMENT_MESSAGE), DEFAULT_GST_TREATMENT),
    z.enum(GST_TREATMENTS, GST_TREATMENT_MESSAGE),
  ),
} satisfies { [Field in LinkSettingsField]: z.core.$ZodType<PaymentLinkFields[Field], unknown> };

/**
 * The two Create Link inputs the server turns into what the row stores: the merchant's clock reading becomes
 * `expiresAt`, an instant; the questions get Paylink's keys (functions/domain/payment-links.ts).
 */
export type ConvertedOnCreate = 'expiresAtLocal' | 'customFields';

function refuseBothAfterPayment(
  link: { thankYouMessage: string | null; redirectUrl: string | null },
  context: z.core.$RefinementCtx,
) {
  if (link.thankYouMessage && link.redirectUrl) {
    context.addIssue({ code: 'custom', path: ['redirectUrl'], message: AFTER_PAYMENT_BOTH_MESSAGE });
  }
}

/**
 * PUT /api/me/links/{id}/settings — Edit link settings: the whole set, checked as the Create Link form checks
 * it; the limit is refused below the places already sold or held (docs/decisions.md #83).
 */
export const updateLinkSettingsSchema = z.object(settingsFields).check(z.superRefine(refuseBothAfterPayment));
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
const createPaymentLinkFields = z
  .object({
    title: z.pipe(
      plainTextSchema(),
      z.string().check(z.minLength(1, 'Title is required'), z.maxLength(LINK_TITLE_MAX)),
    ),
    description: emptyAsNull(
      z.pipe(plainTextSchema({ multiline: true }), z.string().check(z.maxLength(LINK_DESCRIPTION_MAX))),
    ),
    isOpenAmount: z.boolean(),
    amountCents: absentAsNull(paymentCentsSchema),
    /** The one tip of a link made through the API before presets; `tipPresets` decides when given. */
    tipPercent: absentAsNull(wholeNumberIn(0, MAX_TIP_PERCENT, TIP_RANGE_MESSAGE)),
    tipPresets: absentAsNull(
      z.array(wholeNumberIn(1, MAX_TIP_PERCENT, TIP_PRESET_MESSAGE)).check(
        z.maxLength(MAX_TIP_PRESETS, TIP_PRESETS_COUNT_MESSAGE),
        z.refine((presets) => new Set(presets).size === presets.length, TIP_PRESETS_REPEATED_MESSAGE),
      ),
    ),
    ...expiryFields,
    ...settingsFields,
    customFields: customFieldsInputSchema,
    collectPhone: z.pipe(
      z.nullish(z.boolean("Say whether to ask for the payer's phone number.")),
      z.transform((value: boolean | null | undefined) => value ?? false),
    ),
    /** "Repeat": how often and for how many payments; absent for a one-off link (docs/decisions.md #154). */
    repeat: absentAsNull(
      z.object({
        every: z.enum(REPEAT_EVERY, REPEAT_EVERY_MESSAGE),
        payments: absentAsNull(wholeNumberIn(2, MAX_REPEAT_PAYMENTS, REPEAT_PAYMENTS_MESSAGE)),
      }),
    ),
  } satisfies Omit<StoredAsGiven, ConvertedOnCreate> & Record<ConvertedOnCreate, z.core.$ZodType>)
  .check(
    z.superRefine((link, context) => {
      if (!link.isOpenAmount && link.amountCents === null) {
        context.addIssue({ code: 'custom', path: ['amountCents'], message: 'Amount is required' });
      }
      refuseBothAfterPayment(link, context);
      if (link.repeat && link.isOpenAmount) {
        context.addIssue({ code: 'custom', path: ['repeat'], message: REPEAT_OPEN_AMOUNT_MESSAGE });
      }
    }),
  );
export const createPaymentLinkSchema = z.pipe(
  createPaymentLinkFields,
  z.transform((link: z.output<typeof createPaymentLinkFields>) => {
    // Every new link stores its presets; `tipPercent` stays their first, for readers of the old field (#205).
    const tipPresets = link.tipPresets ?? (link.tipPercent ? [link.tipPercent] : []);
    return {
      ...link,
      amountCents: link.isOpenAmount ? null : link.amountCents,
      tipPresets,
      tipPercent: tipPresets[0] ?? null,
    };
  }),
);
export type CreatePaymentLinkInput = z.input<typeof createPaymentLinkSchema>;
export type CreatePaymentLink = z.output<typeof createPaymentLinkSchema>;

/** PATCH /api/me/links/{id} — Activate / Deactivate. */
export const updatePaymentLinkSchema = z.object({ isActive: z.boolean('isActive must be true or false') });
export type UpdatePaymentLink = z.infer<typeof updatePaymentLinkSchema>;

/** The link's own fields a payer may see (`PUBLIC_LINK_FIELD_NAMES`, beside the fields). */
const publicLinkFieldsSchema = z.pick(
  paymentLinkFieldsSchema,
  Object.fromEntries(PUBLIC_LINK_FIELD_NAMES.map((field) => [field, true])) as Record<PublicLinkField, true>,
);

/**
 * GET /api/links/{id} — public, cacheable, and only what the payment page shows: no merchant id, no
 * Stripe account, no dates. `acceptingPayments` is false when the merchant cannot take payments right
 * now (docs/decisions.md #11).
 */
export const publicPaymentLinkSchema = z.extend(publicLinkFieldsSchema, {
  /** The business the payer is paying (company name), when the merchant gave one. */
  businessName: z.nullable(z.string()),
  acceptingPayments: z.boolean(),
  /** Past its expiry: the page says `expiredMessage` (or the default words) instead of taking payment. */
  expired: z.boolean(),
  expiredMessage: z.nullable(z.string()),
  /** Every place is sold or held by a payer on Checkout (docs/decisions.md #58). */
  soldOut: z._default(z.boolean(), false),
  /**
   * Sold out only for now: every place not sold is held by a payer on Checkout, and one comes back if its payer
   * does not finish (docs/decisions.md #242).
   */
  placesHeld: z._default(z.boolean(), false),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;
