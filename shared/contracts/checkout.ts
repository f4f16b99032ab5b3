import * as z from 'zod/mini';
import { RECEIPT_EMAIL_INVALID_MESSAGE, RECEIPT_EMAIL_REQUIRED_MESSAGE } from '../payment-messages';
import { REQUEST_ID_PATTERN } from '../payer-link-params';
import { linkIdSchema } from './payment-links';
import { paymentStatusSchema } from './payment-id-and-status';

/**
 * POST /api/checkout — what the payer chose. The server computes base + tip from the stored link; the
 * only number it takes from the browser is an open link's amount, in cents (docs/decisions.md #10).
 */
export const checkoutRequestSchema = z.object({
  linkId: linkIdSchema,
  /** Cents, for an open-amount link; ignored for a fixed-amount link. Range-checked by the server. */
  amount: z.optional(z.number('Please enter a valid amount').check(z.int('Please enter a valid amount'))),
  tip: z.enum(['none', 'percent', 'other'], "tip must be 'none', 'percent' or 'other'"),
  /** With `percent`: which of the link's presets, by its place in the list (0 when absent). docs/decisions.md #205 */
  tipPreset: z.optional(z.number('Choose one of the tips offered.').check(z.int('Choose one of the tips offered.'))),
  /** With `other`: the payer's own tip in cents; the server checks it against the amount. */
  tipAmount: z.optional(z.number('Please enter a valid tip').check(z.int('Please enter a valid tip'))),
  /**
   * The payment request whose Pay button the payer came from (`?request=` on the page): carried to Stripe and
   * onto the payment so paying marks it Paid (docs/decisions.md #80).
   */
  requestId: z.optional(z.string().check(z.regex(REQUEST_ID_PATTERN, 'This payment request link is not valid.'))),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The Stripe Checkout page the browser goes to. */
export const checkoutResponseSchema = z.object({ url: z.string(), paymentId: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * GET /api/checkout/{sessionId} — the success page's verification, after the
 * server has re-read the session from Stripe and settled the payment.
 */
export const paymentResultSchema = z.object({
  sessionId: z.string(),
  /**
   * Paylink's payment id (`pay_…`): the one reference the success page, the receipt, Transactions and the
   * CSV all show (docs/decisions.md #29).
   */
  payment_id: z.string(),
  /** True when Stripe says the session is paid. */
  verified: z.boolean(),
  payment_status: z.string(),
  status: paymentStatusSchema,
  amount_total: z.number().check(z.int()),
  tip_amount: z.number().check(z.int()),
  currency: z.string(),
  /** Masked (`r•••@example.co.nz`): anyone holding the session id can ask (docs/decisions.md #69). */
  customer_email: z.nullable(z.string()),
  /** First name and initial (`Rawiri P.`). */
  customer_name: z.nullable(z.string()),
  link_title: z.string(),
  business_name: z.nullable(z.string()),
  /**
   * The business's own website from its profile, or null: where the page sends the payer on, never Paylink's
   * own sales site (docs/decisions.md #207).
   */
  business_website: z.nullable(z.string()),
  /** The decline Stripe reported for the last attempt, while the payment is still pending. */
  last_error: z.nullable(z.string()),
  /** The merchant's thank-you from the link, shown (as text) on the success page (docs/decisions.md #54). */
  thank_you_message: z.nullable(z.string()),
  /** The receipt page (`/r/{token}`), once the payment has succeeded and has its receipt number. */
  receipt_path: z.nullable(z.string()),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/**
 * POST /api/payments/{paymentId}/cancel — the cancel page. Stripe fills `{CHECKOUT_SESSION_ID}` into the
 * success URL only, so the cancel URL carries Paylink's own (unguessable) payment id instead. The server
 * expires the Checkout session first, so a canceled payment can never be paid afterwards; if the payer
 * had already paid, the answer says succeeded. `linkId` lets 'Try Again' reopen the payment page.
 */
export const cancelResultSchema = z.object({
  paymentId: z.string(),
  status: paymentStatusSchema,
  linkId: z.string(),
  /** The business's own website from its profile, or null: the page's way on from here (docs/decisions.md #207). */
  businessWebsite: z.nullable(z.string()),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;

/**
 * POST /api/checkout/{sessionId}/receipt. The receipt goes to the address the payer gave at checkout; an
 * `email`, if sent, must be that one (docs/decisions.md #69).
 */
export const receiptRequestSchema = z.object({
  email: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, RECEIPT_EMAIL_REQUIRED_MESSAGE)),
      z.email(RECEIPT_EMAIL_INVALID_MESSAGE),
    ),
  ),
});
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>;
/** `email` is where it went, masked (`r•••@example.co.nz`). */
export const receiptResponseSchema = z.object({ sent: z.literal(true), email: z.string() });

/** How many receipts one payment may email: enough for a typo or two, not a spam cannon. */
export const MAX_RECEIPTS_PER_PAYMENT = 3;

/**
 * The `{sessionId}` path parameter of the result page's routes: a Stripe Checkout session id (`cs_test_…`,
 * `cs_live_…`; Stripe's are about 70 characters). Anything else is not one of ours and never reaches the tables.
 */
export const checkoutSessionIdSchema = z
  .string()
  .check(
    z.maxLength(255, 'We could not find this payment.'),
    z.regex(/^cs_[A-Za-z0-9_]+$/, 'We could not find this payment.'),
  );
