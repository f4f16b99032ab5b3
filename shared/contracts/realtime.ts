import * as z from 'zod';
import { customFieldAnswerSchema } from './custom-fields';

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
  totalCents: z.number().int(),
  /** The tip in that total, so the toast says what the figure is (docs/decisions.md #100); absent on older events. */
  tipCents: z.number().int().optional(),
  currency: z.string(),
  /**
   * What moved: the payment's status (settlement), or its money after the sale (a refund or dispute).
   * Only a status change to succeeded is new money ('Payment received').
   */
  change: z.enum(['status', 'money']).optional(),
  /** Refunded / partially refunded / disputed, when a refund or dispute has landed (docs/decisions.md #19). */
  moneyState: z.enum(['refunded', 'partially_refunded', 'disputed']).nullable().optional(),
  /** Refunded so far, in cents, when anything was. */
  refundedCents: z.number().int().optional(),
  /** The payer's answers and phone, for the 'Payment received' notice (docs/decisions.md #76). */
  customFields: z.array(customFieldAnswerSchema).optional(),
  payerPhone: z.string().nullable().optional(),
});
export type PaymentUpdatedDetail = z.infer<typeof paymentUpdatedDetailSchema>;

/** Detail type of the event published when Stripe changes a merchant's connection or plan. */
export const MERCHANT_UPDATED = 'Merchant Updated';

/**
 * Detail of a `Merchant Updated` event: what Stripe changed about the merchant (the connected account's
 * status, or the plan). Every open tab reads its merchant, connection and plan again (docs/decisions.md #87).
 */
export const merchantUpdatedDetailSchema = z.object({
  merchantId: z.string(),
  change: z.enum(['stripe_connection', 'plan']),
});
export type MerchantUpdatedDetail = z.infer<typeof merchantUpdatedDetailSchema>;

/** What the browser receives over the realtime socket. */
export const realtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('payment.updated'), payment: paymentUpdatedDetailSchema }),
  z.object({ type: z.literal('merchant.updated'), merchant: merchantUpdatedDetailSchema }),
]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
