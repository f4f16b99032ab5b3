import * as z from 'zod';

/** Where a merchant's own Stripe account stands. */
export const stripeAccountStatusSchema = z.enum([
  'no_account',
  'incomplete_onboarding',
  'pending_verification',
  'connected',
]);
export type StripeAccountStatus = z.infer<typeof stripeAccountStatusSchema>;

/** GET /api/me/stripe/status */
export const stripeConnectionSchema = z.object({
  connected: z.boolean(),
  account_status: stripeAccountStatusSchema,
  debug_info: z.object({
    accountId: z.string().nullable(),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
    requirementsDue: z.array(z.string()),
  }),
});
export type StripeConnection = z.infer<typeof stripeConnectionSchema>;

/** POST /api/me/stripe/connect — the onboarding page to open in a new tab. */
export const stripeOnboardingLinkSchema = z.object({ url: z.string() });

/** POST /api/me/stripe/diagnose. */
export const stripeDiagnosticSchema = z.object({
  success: z.boolean(),
  results: z.object({
    errors: z.array(z.string()),
    details: z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()])),
  }),
  recommendations: z.array(z.string()),
});
export type StripeDiagnostic = z.infer<typeof stripeDiagnosticSchema>;

/** Query parameters Stripe's onboarding returns to Settings with. */
export const STRIPE_RETURN_PARAMS = { connected: 'stripe_connected', refresh: 'stripe_refresh' } as const;
