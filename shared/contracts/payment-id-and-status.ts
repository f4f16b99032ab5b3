/**
 * What every reader of payments shares: a payment's id and its status. Apart from the checkout's contract
 * (shared/contracts/checkout.ts) because that one imports the links' schemas, and zod's schemas are not
 * tree-shaken: a function that only reads payments would otherwise carry the checkout's and the links' schemas
 * and the redirect URL's check (docs/decisions.md #223).
 */
import * as z from 'zod/mini';

/** Payment ids: `pay_` + 16 URL-safe random characters; the cancel link is only as safe as this is unguessable. */
export const PAYMENT_ID_PATTERN = /^pay_[A-Za-z0-9_-]{16}$/;

/**
 * A payment's life: open while the payer's Checkout session is open, pending once Checkout completed with
 * the money still on its way (an asynchronous method), then settled one way; never back
 * (docs/decisions.md #30). Expired and canceled are a checkout the payer left: shown as Abandoned.
 */
export const paymentStatusSchema = z.enum(['open', 'pending', 'succeeded', 'failed', 'canceled', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
