/** The merchant's refund: checked against what may still be refunded, asked of Stripe once, recorded as news. */
import { refundRequestSchema } from '@shared/contracts/payments';
import { formatMoney } from '@shared/money';
import { HttpError } from './http-error';
import { type PaymentRecord } from './payments';
import { asStripeFailure, isStripeError } from './stripe-errors';
import type { Telemetry } from './telemetry';
import type { StripeRefund } from './stripe-port';
import { isDisputeStanding, refundableCentsOf, refundedCentsOf, refundFromStripe } from './money-after-sale';
import { recordMoneyNews, type MoneyDeps } from './money-news';

const notFound = () => new HttpError(404, 'payment_not_found', 'Payment not found');
const DISPUTED_MESSAGE = 'This payment is disputed, so it cannot be refunded. Respond to the dispute in Stripe.';
const FULLY_REFUNDED_MESSAGE = 'This payment has already been refunded in full.';
const tooLarge = (remainingCents: number, currency: string) =>
  new HttpError(400, 'refund_too_large', `You can refund at most ${formatMoney(remainingCents, currency)}.`, {
    amountCents: `At most ${formatMoney(remainingCents, currency)}.`,
  });

/** Stripe's refusals, in words a merchant can act on; anything else stays a 502 (stripe-errors.ts). */
function refundRefusal(error: unknown, payment: PaymentRecord, telemetry: Telemetry): unknown {
  if (!isStripeError(error)) return error;
  switch (error.code) {
    case 'charge_already_refunded':
      return new HttpError(400, 'already_refunded', FULLY_REFUNDED_MESSAGE);
    case 'charge_disputed':
      return new HttpError(400, 'payment_disputed', DISPUTED_MESSAGE);
    case 'amount_too_large':
      return tooLarge(refundableCentsOf(payment), payment.currency);
    case 'balance_insufficient':
    case 'insufficient_funds':
      return new HttpError(
        400,
        'balance_insufficient',
        'Your Stripe balance is too low to make this refund. Add funds in your Stripe dashboard, then try again.',
      );
  }
  if (error.type === 'StripeIdempotencyError') {
    return new HttpError(409, 'refund_in_progress', 'This refund was already requested. Reload the payment to see it.');
  }
  return asStripeFailure(error, (message) => `Stripe could not make the refund: ${message}`, telemetry);
}

/**
 * POST /api/me/payments/{id}/refunds. Never gated by the subscription: a merchant may always give money back.
 * `requestKey` makes a double click or a retry refund once: Stripe gets it as the idempotency key, and a
 * refund already recorded under it is answered again as it stands.
 */
export async function refundPayment(
  merchantId: string,
  paymentId: string,
  body: unknown,
  requestKey: string | undefined,
  deps: MoneyDeps,
  /** The name of the person refunding, shown on the payment ("Refunded $5.00 by Aroha"). */
  refundedBy?: string,
): Promise<PaymentRecord> {
  const payment = await deps.payments.get(paymentId);
  if (!payment || payment.merchantId !== merchantId) throw notFound();
  // Parsed only once the payment is known to be the caller's: another merchant's payment answers 404
  // whatever the body, exactly as a missing one.
  const request = refundRequestSchema.parse(body);
  // Without the browser's key, the natural one: the same amount asked while the payment's refunds stand as
  // they did is a repeat. Their number is part of it, so a refund that failed since (which gives its amount
  // back, so the refunded total is as it was) never makes a new request look like that failed one.
  const key =
    requestKey ??
    `auto-${request.amountCents}-${refundedCentsOf(payment.refunds)}-${Object.keys(payment.refunds ?? {}).length}`;
  if (Object.values(payment.refunds ?? {}).some((refund) => refund.requestKey === key)) return payment;

  if (payment.status !== 'succeeded' || !payment.paymentIntentId) {
    throw new HttpError(400, 'not_refundable', 'Only approved payments can be refunded.');
  }
  if (payment.dispute && isDisputeStanding(payment.dispute.status)) {
    throw new HttpError(400, 'payment_disputed', DISPUTED_MESSAGE);
  }
  const remaining = refundableCentsOf(payment);
  if (remaining <= 0) throw new HttpError(400, 'already_refunded', FULLY_REFUNDED_MESSAGE);
  if (request.amountCents > remaining) throw tooLarge(remaining, payment.currency);

  let refund: StripeRefund;
  try {
    refund = await deps.stripe.refunds.create(
      {
        payment_intent: payment.paymentIntentId,
        amount: request.amountCents,
        reason: request.reason,
        // Paylink's fee comes back in proportion, as the merchant's money does.
        refund_application_fee: true,
        metadata: { paymentId, merchantId, requestKey: key, ...(refundedBy && { refundedBy }) },
      },
      { stripeAccount: payment.stripeAccountId, idempotencyKey: `refund-${paymentId}-${key}` },
    );
  } catch (error) {
    throw refundRefusal(error, payment, deps.telemetry);
  }
  return recordMoneyNews(payment, { refunds: [refundFromStripe(refund)] }, deps);
}
