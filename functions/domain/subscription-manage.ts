/**
 * The payer stops or fixes a recurring payment without the merchant (issue 45, docs/decisions.md #157): every
 * receipt of a recurring link's payment carries `/api/subscriptions/manage/{receiptToken}?k={receiptKey}` —
 * the receipt's own two secrets (#132) — which opens a fresh Stripe billing portal session on the merchant's
 * connected account for that payer, where they cancel or change their card.
 */
import type { PaymentRecord, PaymentRepository } from './payments';
import { opensFullReceipt, RECEIPT_TOKEN_PATTERN } from './receipts';
import type { StripePort } from './stripe-port';
import type { SubscriberRepository } from './subscribers';

/** The manage address of a recurring link's payment with its receipt; null for any other payment. */
export function managePathOf(payment: Pick<PaymentRecord, 'recurringTerms' | 'receiptToken' | 'receiptKey'>) {
  if (!payment.recurringTerms || !payment.receiptToken || !payment.receiptKey) return null;
  return `/api/subscriptions/manage/${payment.receiptToken}?k=${payment.receiptKey}`;
}

/** What the payer reads when the address is wrong, incomplete or not a recurring payment's. */
export const MANAGE_NOT_FOUND_MESSAGE =
  'We could not find this repeating payment. Open the link in your latest receipt, or ask the business.';

/**
 * The billing portal's address for the payer the receipt belongs to; undefined when the token and key do not
 * open a recurring payment's full receipt (the same answer whatever was wrong, so nothing can be probed).
 * The portal sends the payer back to their receipt.
 */
export async function billingPortalUrlFor(
  receiptToken: string | undefined,
  receiptKey: string | undefined,
  deps: {
    payments: Pick<PaymentRepository, 'findByReceiptToken'>;
    subscribers: Pick<SubscriberRepository, 'get'>;
    stripe: Pick<StripePort, 'billingPortal' | 'checkout'>;
    appOrigin: string;
  },
): Promise<string | undefined> {
  if (!receiptToken || !RECEIPT_TOKEN_PATTERN.test(receiptToken)) return undefined;
  const payment = await deps.payments.findByReceiptToken(receiptToken);
  if (!payment?.recurringTerms || !opensFullReceipt(payment, receiptKey)) return undefined;
  const subscriptionId = payment.subscriptionId ?? (await subscriptionOfCheckout(payment, deps.stripe));
  const subscriber = subscriptionId ? await deps.subscribers.get(subscriptionId) : undefined;
  if (!subscriber || subscriber.merchantId !== payment.merchantId) return undefined;
  const session = await deps.stripe.billingPortal.sessions.create(
    { customer: subscriber.customerId, return_url: `${deps.appOrigin}/r/${receiptToken}?k=${receiptKey}` },
    { stripeAccount: subscriber.stripeAccountId },
  );
  return session.url;
}

/** The first payment is the Checkout's: its session names the subscription it started. */
async function subscriptionOfCheckout(payment: PaymentRecord, stripe: Pick<StripePort, 'checkout'>) {
  if (!payment.checkoutSessionId) return undefined;
  const session = await stripe.checkout.sessions.retrieve(
    payment.checkoutSessionId,
    {},
    { stripeAccount: payment.stripeAccountId },
  );
  const subscription = session.subscription;
  return typeof subscription === 'string' ? subscription : subscription?.id;
}
