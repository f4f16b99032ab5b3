import * as z from 'zod';
import { plainTextSchema } from '../plain-text';

export const planSchema = z.enum(['business-trial', 'business']);

/** GET /api/me: the signed-in merchant's profile. */
export const merchantProfileSchema = z.object({
  merchantId: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  plan: planSchema,
  currency: z.string(),
  timeZone: z.string(),
  trialEndsAt: z.string(),
  createdAt: z.string(),
  /** Settings → Email notifications: email the merchant when a payment is received (docs/decisions.md #93). */
  paymentReceivedEmail: z.boolean(),
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;

/** PATCH /api/me — Settings → Profile. */
export const merchantProfileUpdateSchema = z.object({
  fullName: plainTextSchema().pipe(z.string().min(1, 'Full name is required').max(120)),
  /** Optional: an empty value clears it. */
  companyName: plainTextSchema()
    .pipe(z.string().max(120))
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type MerchantProfileUpdate = z.input<typeof merchantProfileUpdateSchema>;

/** PATCH /api/me with only this — Settings → Email notifications (docs/decisions.md #93). */
export const merchantNotificationsUpdateSchema = z.strictObject({
  paymentReceivedEmail: z.boolean({ error: 'Choose whether to get an email for each payment (true or false).' }),
});
export type MerchantNotificationsUpdate = z.infer<typeof merchantNotificationsUpdateSchema>;
