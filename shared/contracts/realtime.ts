import * as z from 'zod/mini';
import { customFieldAnswerSchema } from './custom-field-records';

/** Event-bus source for everything Paylink itself publishes. */
export const PAYLINK_EVENT_SOURCE = 'paylink.payments';
/** Detail type of the event published whenever a payment's status moves. */
export const PAYMENT_UPDATED = 'Payment Updated';

/** Detail of a `Payment Updated` event; the notifier pushes it to the merchant's open dashboards. */
export const paymentUpdatedDetailSchema = z.object({
  merchantId: z.string(),
  paymentId: z.string(),
  status: z.string(),
  /** What the payer paid (amount + tip), in cents, and its currency: the 'Payment received' toast shows it. */
  totalCents: z.number().check(z.int()),
  /** The tip in that total, so the toast says what the figure is (docs/decisions.md #100); absent on older events. */
  tipCents: z.optional(z.number().check(z.int())),
  currency: z.string(),
  /**
   * What moved: the payment's status (settlement), or its money after the sale (a refund or dispute).
   * Only a status change to succeeded is new money ('Payment received').
   */
  change: z.optional(z.enum(['status', 'money'])),
  /** Refunded / partially refunded / disputed, when a refund or dispute has landed (docs/decisions.md #19). */
  moneyState: z.optional(z.nullable(z.enum(['refunded', 'partially_refunded', 'disputed']))),
  /** Refunded so far, in cents, when anything was. */
  refundedCents: z.optional(z.number().check(z.int())),
  /** The payer's answers and phone, for the 'Payment received' notice (docs/decisions.md #76). */
  customFields: z.optional(z.array(customFieldAnswerSchema)),
  payerPhone: z.optional(z.nullable(z.string())),
});
export type PaymentUpdatedDetail = z.infer<typeof paymentUpdatedDetailSchema>;

/** Detail type of the event published when Stripe changes a merchant's connection or plan. */
export const MERCHANT_UPDATED = 'Merchant Updated';

/**
 * Detail of a `Merchant Updated` event: what Stripe changed about the merchant (the connected account's
 * status, or the plan): every open tab reads its merchant, connection and plan again (docs/decisions.md #87);
 * or one of their subscribers (signed up, paid a period, cancelled): open tabs read their payments and
 * subscribers again (#190).
 */
export const merchantUpdatedDetailSchema = z.object({
  merchantId: z.string(),
  change: z.enum(['stripe_connection', 'plan', 'subscribers']),
});
export type MerchantUpdatedDetail = z.infer<typeof merchantUpdatedDetailSchema>;

/** What the browser receives over the realtime socket. */
export const realtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('payment.updated'), payment: paymentUpdatedDetailSchema }),
  z.object({ type: z.literal('merchant.updated'), merchant: merchantUpdatedDetailSchema }),
  // A member's role changed or they were removed (docs/decisions.md #196, #197): read everything again.
  z.object({ type: z.literal('access.changed'), businessId: z.string() }),
]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
