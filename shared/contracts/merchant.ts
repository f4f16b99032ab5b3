import * as z from 'zod/mini';
import { plainTextSchema } from '../plain-text';

export const planSchema = z.enum(['business-trial', 'business']);

/** GET /api/me: the signed-in merchant's profile. */
export const merchantProfileSchema = z.object({
  merchantId: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.nullable(z.string()),
  plan: planSchema,
  currency: z.string(),
  timeZone: z.string(),
  trialEndsAt: z.string(),
  createdAt: z.string(),
  /** Settings → Email notifications: email the merchant when a payment is received (docs/decisions.md #93). */
  paymentReceivedEmail: z.boolean(),
  /** Settings → Email notifications: email each payer their receipt unasked when they pay (docs/decisions.md #172). */
  payerReceiptEmail: z.boolean(),
  /**
   * Settings → Tax has been saved, registered or not: the setup checklist's GST and Xero step is done
   * (docs/decisions.md #208).
   */
  taxSettingsSaved: z.boolean(),
  /**
   * Settings → Contact for your customers: the email a payer's reply goes to and the phone their emails show,
   * null while the merchant has not given one (then the account's email and the sign-up phone, #243).
   */
  contactEmail: z.nullable(z.string()),
  contactPhone: z.nullable(z.string()),
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;

/** PATCH /api/me — Settings → Profile. */
export const merchantProfileUpdateSchema = z.object({
  fullName: z.pipe(plainTextSchema(), z.string().check(z.minLength(1, 'Full name is required'), z.maxLength(120))),
  /** Optional: an empty value clears it. */
  companyName: z.pipe(
    z.optional(z.nullable(z.pipe(plainTextSchema(), z.string().check(z.maxLength(120))))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  ),
});
export type MerchantProfileUpdate = z.input<typeof merchantProfileUpdateSchema>;

/** PATCH /api/me with only these, either or both — Settings → Email notifications (docs/decisions.md #93, #172). */
export const merchantNotificationsUpdateSchema = z.strictObject({
  paymentReceivedEmail: z.optional(
    z.boolean({ error: 'Choose whether to get an email for each payment (true or false).' }),
  ),
  payerReceiptEmail: z.optional(
    z.boolean({ error: 'Choose whether your customers get their receipt by email (true or false).' }),
  ),
});
export type MerchantNotificationsUpdate = z.infer<typeof merchantNotificationsUpdateSchema>;

/** An optional field of the contact form: empty is null (the account's own is used instead). */
const emptyIsNull = (value: string | null): string | null => (value ? value : null);

/** PATCH /api/me with both of these — Settings → Contact for your customers (docs/decisions.md #243). */
export const merchantContactUpdateSchema = z.strictObject({
  contactEmail: z.pipe(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
        z.union([z.literal(''), z.email('Enter an email address your customers can reply to')]),
      ),
    ),
    z.transform(emptyIsNull),
  ),
  contactPhone: z.pipe(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.regex(/^(\+?[0-9 ()-]{4,20})?$/, 'Enter a phone number, like 04 123 4567 (digits, spaces and a leading +)'),
        ),
    ),
    z.transform(emptyIsNull),
  ),
});
export type MerchantContactUpdate = z.input<typeof merchantContactUpdateSchema>;
