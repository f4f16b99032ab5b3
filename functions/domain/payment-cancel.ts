/** The payer's cancel page: a payment given up on Stripe's page, cancelled only while no money can be on its way. */
import type { CancelResult } from '@shared/contracts/checkout';
import { HttpError } from './http-error';
import type { PaymentRecord } from './payments';
import { settle, settlePaymentFromSession, type SettlementDeps } from './settlement';
import { duringStripeCall, isStripeError } from './stripe-errors';

const paymentNotFound = () => new HttpError(404, 'payment_not_found', 'We could not find this payment.');

/**
 * The cancel page, which anyone holding the payment id can open (docs/decisions.md #130). A cancel
 * applies only while no money can be on its way: when Stripe expired the Checkout session for us, or says it
 * has expired. A payment whose Checkout completed is never canceled — a bank debit is then pending, its money
 * with the bank for days, and `canceled` would outrank it, free its place and leave its success uncounted on
 * the link. So a pending payment is answered as it is, and when the expire is refused or unanswered, Stripe's
 * word on the session is settled instead: complete settles as paid, processing or failed, and a session
 * still open (the expire never happened) is left to expire by itself.
 */
export async function cancelPayment(paymentId: string, deps: SettlementDeps): Promise<CancelResult> {
  const payment = await deps.payments.get(paymentId);
  if (!payment) throw paymentNotFound();
  // The business's own website, the page's way on (docs/decisions.md #207).
  const businessWebsite = (await deps.merchants.get(payment.merchantId))?.websiteUrl || null;
  const answer = ({ status, linkId }: PaymentRecord): CancelResult => ({ paymentId, status, linkId, businessWebsite });
  // Pending means Checkout completed: only Stripe's events (or the schedule) settle it now.
  if (payment.status !== 'open') return answer(payment);
  if (!payment.checkoutSessionId) return answer(await settle(payment, 'canceled', {}, deps));
  const onAccount = { stripeAccount: payment.stripeAccountId };
  try {
    await deps.stripe.checkout.sessions.expire(payment.checkoutSessionId, {}, onAccount);
    return answer(await settle(payment, 'canceled', {}, deps));
  } catch (error) {
    // Refused (no longer open) or unanswered (a timeout, an outage: it may or may not have expired).
    if (!isStripeError(error)) throw error;
  }
  return answer(
    await duringStripeCall(
      async () => {
        const session = await deps.stripe.checkout.sessions.retrieve(payment.checkoutSessionId!, {}, onAccount);
        if (session.status === 'expired') return settle(payment, 'canceled', {}, deps);
        return settlePaymentFromSession(payment, session, deps);
      },
      () => CANCEL_UNCONFIRMED_MESSAGE,
      deps.telemetry,
    ),
  );
}

/** The cancel page's words when Stripe cannot be asked whether the Checkout ended. */
export const CANCEL_UNCONFIRMED_MESSAGE =
  'We could not confirm the cancellation just now. If you did not finish paying, nothing has been charged.';
