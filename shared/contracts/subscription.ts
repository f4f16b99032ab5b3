import * as z from 'zod/mini';

/** Whether the merchant may use the gated features. */
export const accessStateSchema = z.enum(['trial', 'subscribed', 'expired']);
export type AccessState = z.infer<typeof accessStateSchema>;

/** GET /api/me/subscription (the subscription status, plus the trial's end). */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.enum(['Trial', 'Business']),
  /** When the paid period ends (or ended); null while on the free trial. */
  subscription_end: z.nullable(z.string()),
  /** True when the subscription is set to end at `subscription_end`. */
  cancel_at_period_end: z.boolean(),
  trial_end: z.string(),
  /** Whole days left of the free trial, rounded up; 0 once it has ended. */
  trial_days_left: z.number().check(z.int()),
  access: accessStateSchema,
  /**
   * Nothing charged yet: Paylink's free trial, or a Business subscription whose trial has not ended
   * (the plan's badge says "Trial" until the first charge; docs/decisions.md #87).
   */
  trialing: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/me/subscription/checkout and /portal — a Stripe page to open in a new tab. */
export const stripePageUrlSchema = z.object({ url: z.string() });

/** The trial card turns to a warning at this many days left or fewer. */
export const TRIAL_WARNING_DAYS = 7;

/** The error a gated API call answers with once the trial has ended with no subscription. */
export const SUBSCRIPTION_REQUIRED_CODE = 'subscription_required';
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'Your 30-day free trial has ended. Upgrade to Business to keep creating and activating payment links.';
