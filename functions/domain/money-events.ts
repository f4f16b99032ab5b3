/** Stripe's refund and dispute events on a connected account, applied to the Paylink payment they are about. */
import type { StoredRefund } from './money-records';
import { type PaymentRecord } from './payments';
import type { StripeEvent, StripePort } from './stripe-port';
import { disputeFromStripe, refundFromStripe } from './money-after-sale';
import { recordMoneyNews, type MoneyDeps } from './money-news';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * The payment a payment intent belongs to, if it is ours and on the account the event came from: the
 * intent is re-read from Stripe on that account (its metadata names the payment), and the payment must
 * have been made on that account — so a merchant's own events can never touch another's payment.
 */
async function paymentOfIntent(
  paymentIntentId: string,
  account: string,
  deps: MoneyDeps,
): Promise<PaymentRecord | undefined> {
  const intent = await deps.stripe.paymentIntents.retrieve(paymentIntentId, {}, { stripeAccount: account });
  const paymentId = intent.metadata?.paymentId;
  const payment = paymentId ? await deps.payments.get(paymentId) : undefined;
  if (!payment || payment.stripeAccountId !== account) return undefined;
  if (payment.paymentIntentId && payment.paymentIntentId !== paymentIntentId) return undefined;
  return payment;
}

/** Every refund of a payment intent as Stripe has them now (the newest word, whatever order events came in). */
async function refundsOfIntent(paymentIntentId: string, account: string, stripe: StripePort): Promise<StoredRefund[]> {
  const refunds: StoredRefund[] = [];
  for await (const refund of stripe.refunds.list(
    { payment_intent: paymentIntentId, limit: 100 },
    { stripeAccount: account },
  )) {
    refunds.push(refundFromStripe(refund));
  }
  return refunds;
}

/** The Connect webhook's refund and dispute events (catalogue: apply-stripe-money-event); events not about a Paylink payment are ignored. */
export async function applyMoneyEvent(event: StripeEvent, account: string, deps: MoneyDeps): Promise<void> {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  const paymentIntentId = idOf(object.payment_intent as string | { id: string } | null | undefined);
  if (!paymentIntentId) return;
  if (object.object === 'dispute' && object.id) {
    const payment = await paymentOfIntent(paymentIntentId, account, deps);
    if (!payment) return;
    const dispute = await deps.stripe.disputes.retrieve(object.id, {}, { stripeAccount: account });
    await recordMoneyNews(payment, { dispute: disputeFromStripe(dispute) }, deps);
    return;
  }
  if (object.object === 'charge' || object.object === 'refund') {
    const payment = await paymentOfIntent(paymentIntentId, account, deps);
    if (!payment) return;
    await recordMoneyNews(payment, { refunds: await refundsOfIntent(paymentIntentId, account, deps.stripe) }, deps);
  }
}
