/**
 * Subscribers of recurring links (issue 45, docs/decisions.md #155): one per payer's Stripe subscription on the
 * merchant's connected account. GET /api/me/subscribers lists them (filter by link; the CSV is built from the
 * same answer), POST /api/me/subscribers/{id}/cancel ends one now or at the end of its period.
 */
import * as z from 'zod/mini';
import { REPEAT_EVERY } from '../recurring';
import { linkIdSchema } from './payment-links';

/**
 * Active → past due (a renewal failed, Stripe retrying) → active again; cancelled or completed (all its
 * payments made) is final. What the Subscribers screen shows and filters on.
 */
export const subscriberStatusSchema = z.enum(['active', 'past_due', 'cancelled', 'completed']);
export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;

/** Stripe subscription ids as Stripe writes them; anything else is simply not found. */
export const SUBSCRIPTION_ID_PATTERN = /^sub_[A-Za-z0-9]{1,250}$/;
export const subscriptionIdSchema = z.string().check(z.regex(SUBSCRIPTION_ID_PATTERN, 'Subscriber not found'));

export const subscriberSchema = z.object({
  subscriptionId: z.string(),
  linkId: z.string(),
  linkTitle: z.string(),
  payerName: z.nullable(z.string()),
  payerEmail: z.nullable(z.string()),
  status: subscriberStatusSchema,
  /** Cents charged each period (the link's fixed amount; a tip was on the first payment only). */
  amountCents: z.number().check(z.int()),
  currency: z.string(),
  every: z.enum(REPEAT_EVERY),
  /** The payments the link asked for; null = until cancelled. */
  paymentsPlanned: z.nullable(z.number().check(z.int())),
  /** Periods paid so far: each invoice counted once, whatever Stripe redelivered. */
  paymentsMade: z.number().check(z.int()),
  /** ISO; null once it has ended or will not renew. */
  nextPaymentAt: z.nullable(z.string()),
  /** True when it ends at the end of this period (cancelled at period end, or its last payment made). */
  endsAtPeriodEnd: z.boolean(),
  /** Why it ended, in words the merchant reads (the payer cancelled, the last retry failed…); null while running. */
  endedReason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListQuerySchema = z.object({ linkId: z.optional(linkIdSchema) });
export const subscriberListSchema = z.object({ subscribers: z.array(subscriberSchema) });
export type SubscriberList = z.infer<typeof subscriberListSchema>;

export const CANCEL_WHEN_MESSAGE = 'Choose to cancel now or at the end of the period.';
export const cancelSubscriberSchema = z.object({
  when: z.enum(['now', 'period_end'], CANCEL_WHEN_MESSAGE),
});
export type CancelSubscriber = z.infer<typeof cancelSubscriberSchema>;
