/**
 * Delayed payment methods — New Zealand BECS Direct Debit (Stripe's `nz_bank_account`) — where Checkout
 * completes before the money moves: the session is `complete` and `unpaid` while the bank has the debit, and
 * stays so if the debit fails; only its payment intent tells processing from failed. Stripe: "it can take up
 * to two business days to receive notification on the success or failure of a payment after you initiate a
 * debit" (https://docs.stripe.com/payments/nz-bank-account). See docs/decisions.md #131.
 */
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';
import type { StripePaymentIntent } from './stripe-port';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a payment whose money is on its way (pending) is re-verified, and so how long it may hold its
 * place before the schedule stops asking: two business days can span a week of calendar days over Easter or
 * Christmas and New Year, when the debit may also start a day late; 14 days covers that twice over and any
 * retry Stripe makes within the BECS terms' five business days. After it the payment stays pending (and its
 * place held) until Stripe's event settles it; the schedule only stops asking.
 */
export const DELAYED_REVERIFY_WINDOW_MS = 14 * DAY_MS;

/** What a completed-but-unpaid session's payment intent says: still with the bank, paid, or failed. */
export function statusOfDelayedIntent(intent: Pick<StripePaymentIntent, 'status'>): PaymentStatus {
  if (intent.status === 'succeeded') return 'succeeded';
  // The session is complete, so the payer cannot try again on it: a debit the bank refused has failed.
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return 'failed';
  return 'pending';
}
