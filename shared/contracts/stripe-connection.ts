import * as z from 'zod/mini';

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
    accountId: z.nullable(z.string()),
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

/**
 * The body of a trip to Stripe (POST /api/me/stripe/connect, /api/me/subscription/checkout and /portal):
 * the dashboard page it began on, so Stripe sends the merchant back there (docs/decisions.md #87). Only a
 * dashboard path is taken, so the return can never lead to another site.
 */
const DASHBOARD_PATH = /^\/dashboard(\/[A-Za-z0-9_-]+)*$/;
export const stripeTripSchema = z.object({
  returnTo: z.optional(
    z
      .string()
      .check(
        z.maxLength(200),
        z.regex(DASHBOARD_PATH, 'returnTo must be a dashboard page, such as /dashboard/settings.'),
      ),
  ),
});
export type StripeTrip = z.infer<typeof stripeTripSchema>;

/** The trip for a page at `pathname`: back there when it is a dashboard page, else the default page. */
export function stripeTripFrom(pathname: string): StripeTrip {
  const path = pathname.replace(/\/+$/, '');
  return path.length <= 200 && DASHBOARD_PATH.test(path) ? { returnTo: path } : {};
}

/** Query parameters Stripe's onboarding returns with, on the page the trip began on. */
export const STRIPE_RETURN_PARAMS = { connected: 'stripe_connected', refresh: 'stripe_refresh' } as const;
