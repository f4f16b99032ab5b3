/**
 * A payment link as the links table stores it, every field once (docs/decisions.md #140): the merchant's
 * answer (shared/contracts/payment-links.ts), the create and settings contracts, the store, the payment's copy
 * of the link and the Create Link form's defaults all follow from here. Recipe: CONTRIBUTING.md, "Add a field
 * to a link".
 */
import * as z from 'zod/mini';
import { customFieldSchema } from './contracts/custom-field-records';
import { DEFAULT_GST_TREATMENT, GST_TREATMENTS, type GstTreatment } from './gst-treatment';
import { REPEAT_EVERY } from './recurring';

const wholeNumber = () => z.number().check(z.int());

/** How often a recurring link charges, and for how many payments (null = until cancelled): shared/recurring.ts. */
export const repeatScheduleSchema = z.object({
  every: z.enum(REPEAT_EVERY),
  payments: z.nullable(wholeNumber()),
});

/**
 * The fields a link has had since links existed: every row holds them.
 * `amountCents` is null for an open amount (the payer types it); `tipPercent` null when no tip is offered.
 */
const foundingFields = {
  linkId: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  amountCents: z.nullable(wholeNumber()),
  isOpenAmount: z.boolean(),
  tipPercent: z.nullable(wholeNumber()),
  isActive: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
};

/**
 * The fields links gained later, each with what a row written before it existed reads as. A new field goes
 * here, with its default, so no reader has to know which rows predate it.
 */
const addedFields = {
  /** When the link stops taking payments (an instant), or null when it never does (docs/decisions.md #53). */
  expiresAt: z._default(z.nullable(z.string()), null),
  /** What the payer page says once the link has expired; null for the default words. */
  expiredMessage: z._default(z.nullable(z.string()), null),
  /** After payment: the merchant's thank-you on the success page, or a redirect to their https page (docs/decisions.md #54). */
  thankYouMessage: z._default(z.nullable(z.string()), null),
  redirectUrl: z._default(z.nullable(z.string()), null),
  /** The merchant's own reference (an invoice number), copied onto each payment (docs/decisions.md #55). */
  reference: z._default(z.nullable(z.string()), null),
  /** At most this many completed payments ("sold out" after); null = no limit (docs/decisions.md #58). */
  maxPayments: z._default(z.nullable(wholeNumber()), null),
  /** Completed payments counted against the limit; a refund does not give a place back. */
  soldCount: z._default(wholeNumber(), 0),
  /** The questions Checkout asks the payer, and whether it asks their phone number (docs/decisions.md #76). */
  customFields: z._default(z.array(customFieldSchema), []),
  collectPhone: z._default(z.boolean(), false),
  /** Standard-rated, zero-rated or no GST: what the link's receipts and books say (docs/decisions.md #136). */
  gstTreatment: z._default(z.enum(GST_TREATMENTS), DEFAULT_GST_TREATMENT),
  /** A recurring link's schedule (docs/decisions.md #154); null for a one-off link. */
  repeat: z._default(z.nullable(repeatScheduleSchema), null),
  /**
   * The tip percentages the payer chooses from, up to three (docs/decisions.md #205); [] for none. Null on a
   * link made before presets: it offers its one `tipPercent` (`tipPresetsOf`, shared/tips.ts). A link made
   * since keeps `tipPercent` as its first preset, so every reader of the old field still reads a true figure.
   */
  tipPresets: z._default(z.nullable(z.array(wholeNumber())), null),
};

/** The link's own fields: what its merchant sees of the row (GET /api/me/links adds what is worked out on read). */
export const paymentLinkFieldsSchema = z.object({ ...foundingFields, ...addedFields });
export type PaymentLinkFields = z.output<typeof paymentLinkFieldsSchema>;

/** The names of the link's own fields, in the schema's order: what the merchant's answer copies from a row. */
export const PAYMENT_LINK_FIELD_NAMES = Object.keys(paymentLinkFieldsSchema.shape) as (keyof PaymentLinkFields)[];

/**
 * The fields Edit link settings writes, all at once: the store's update sets exactly these, and the settings
 * contract (shared/contracts/payment-links.ts) checks exactly these. Named here, beside the fields, so the
 * store need not import the contract's schemas for a list of names (docs/decisions.md #223).
 */
export const LINK_SETTINGS_FIELDS = [
  'thankYouMessage',
  'redirectUrl',
  'reference',
  'maxPayments',
  'gstTreatment',
] as const satisfies readonly (keyof PaymentLinkFields)[];
export type LinkSettingsField = (typeof LINK_SETTINGS_FIELDS)[number];

/** The link's own fields a payer may see: the public answer copies these from the row and adds no other. */
export const PUBLIC_LINK_FIELD_NAMES = [
  'linkId',
  'title',
  'description',
  'amountCents',
  'isOpenAmount',
  'tipPercent',
  'tipPresets',
  'currency',
  'repeat',
] as const satisfies readonly (keyof PaymentLinkFields)[];
export type PublicLinkField = (typeof PUBLIC_LINK_FIELD_NAMES)[number];

/** Those of the link's fields named, copied from a row (which holds more). */
export function pickLinkFields<Name extends keyof PaymentLinkFields>(
  link: PaymentLinkFields,
  names: readonly Name[],
): Pick<PaymentLinkFields, Name> {
  return Object.fromEntries(names.map((name) => [name, link[name]])) as Pick<PaymentLinkFields, Name>;
}

/** The row: the link's fields and the bookkeeping only the server reads. */
export const paymentLinkRecordSchema = z.extend(paymentLinkFieldsSchema, {
  merchantId: z.string(),
  updatedAt: z.string(),
  /**
   * The places ledger (docs/decisions.md #58), written only by conditional UpdateItems on this row: the
   * payments holding a place while their Checkout is open, and `placesTaken` = held + sold.
   */
  // Taken as DynamoDB's string set gives it: up to OPEN_CHECKOUTS_PER_LIMITED_LINK ids, not checked one by one.
  holds: z.optional(z.custom<Set<string>>((value) => value instanceof Set)),
  placesTaken: z.optional(wholeNumber()),
  /**
   * Present on links made since links keep their results (docs/decisions.md #82): from then on `soldCount`
   * and `grossCents` move together, in the write that sells the place, so both hold every payment.
   */
  resultsSince: z.optional(z.string()),
  /** Sum of the succeeded payments' totals (amount + tip), before refunds. */
  grossCents: z.optional(wholeNumber()),
  /** A one-off payment request's own link: paid only through its request, never listed (docs/decisions.md #79). */
  requestOnly: z.optional(z.boolean()),
});
/** A link as read: every field present, those its row lacks at their defaults. */
export type PaymentLinkRecord = z.output<typeof paymentLinkRecordSchema>;

/** A stored row as the link's code reads it: the fields it predates read as their defaults. */
export function readPaymentLinkRecord(row: unknown): PaymentLinkRecord {
  return paymentLinkRecordSchema.parse(row);
}

/** What each later field reads as on a row without it: also the Create Link form's empty values. */
export function paymentLinkDefaults() {
  return z.object(addedFields).parse({});
}

/** A reference as the reference filter compares it: trimmed, in any case (docs/decisions.md #55). */
export function referenceKeyOf(reference: string): string {
  return reference.trim().toLowerCase();
}

/**
 * The link as a payment keeps it, copied when Checkout opens: a later edit of the link does not rewrite a
 * payment already made (its title, the reference #55, the thank-you #54, the expiry the schedule closes it by #133,
 * its GST treatment #136).
 */
export interface LinkSnapshot {
  linkId: string;
  /** The link's title and description when paid, so a later edit or deletion does not rewrite history. */
  linkTitle: string;
  linkDescription: string | null;
  currency: string;
  /**
   * The link's expiry when Checkout was opened: the schedule expires the session once it passes, so a
   * Checkout opened just before cannot be paid for its remaining half hour (docs/decisions.md #133).
   */
  linkExpiresAt?: string;
  /** The link's reference (the merchant's invoice number) when paid (docs/decisions.md #55). */
  reference?: string;
  /** `referenceKeyOf(reference)`: what the Transactions reference filter compares. */
  referenceKey?: string;
  /** The link's thank-you when paid: the success page shows it (docs/decisions.md #54). */
  thankYouMessage?: string;
  /**
   * The link's GST treatment when paid (docs/decisions.md #136): its receipt, corrections, GST summary and
   * Xero lines follow it whatever the link says later. Absent on payments made before it was kept: standard.
   */
  gstTreatment?: GstTreatment;
}

/** The payment's copy of the link: only what it has (an absent reference or thank-you is not stored). */
export function linkSnapshotOf(link: PaymentLinkFields): LinkSnapshot {
  return {
    linkId: link.linkId,
    linkTitle: link.title,
    linkDescription: link.description,
    currency: link.currency,
    ...(link.expiresAt && { linkExpiresAt: link.expiresAt }),
    ...(link.reference && { reference: link.reference, referenceKey: referenceKeyOf(link.reference) }),
    ...(link.thankYouMessage && { thankYouMessage: link.thankYouMessage }),
    gstTreatment: link.gstTreatment,
  };
}
