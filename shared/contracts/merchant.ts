import { z } from 'zod';

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
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;
