/**
 * The payer stops or fixes a recurring payment without the merchant (issue 45, docs/decisions.md #157): every
 * receipt of a recurring link's payment carries `/api/subscriptions/manage/{receiptToken}?k={receiptKey}` —
 * the receipt's own two secrets (#132) — which opens a fresh Stripe billing portal session on the merchant's
 * connected account for that payer, where they cancel or change their card.
 */
import type { MerchantRepository } from './merchants';
import type { PaymentRecord, PaymentRepository } from './payments';
import { opensFullReceipt, RECEIPT_TOKEN_PATTERN } from './receipts';
import type { PortalConfigurationParams, StripePort } from './stripe-port';
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
 * What the payer's portal offers on every merchant's account (docs/decisions.md #254), as the receipt promises
 * ("cancel or change your card", #157): cancel now, with no proration (a refund stays the merchant's, #159);
 * replace the card, which the next retry of a declined period uses; and the invoices they have paid. Their name
 * and email are the receipt's and the amount is the merchant's, so neither can be changed here.
 */
export function payerPortalConfiguration(appOrigin: string): PortalConfigurationParams {
  return {
    business_profile: { headline: 'Stop your repeating payment or change the card it uses.' },
    default_return_url: appOrigin,
    features: {
      customer_update: { enabled: false },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'none' },
      subscription_update: { enabled: false },
    },
    metadata: { paylink: PAYER_PORTAL_MARK },
  };
}

/** Names Paylink's configuration among the account's, for an operator reading the merchant's Stripe account. */
export const PAYER_PORTAL_MARK = 'payer-portal-v1';

type PortalDeps = {
  payments: Pick<PaymentRepository, 'findByReceiptToken'>;
  subscribers: Pick<SubscriberRepository, 'get'>;
  merchants: Pick<MerchantRepository, 'get' | 'attachPayerPortalConfiguration'>;
  stripe: Pick<StripePort, 'billingPortal' | 'checkout'>;
  appOrigin: string;
};

/**
 * The billing portal's address for the payer the receipt belongs to; undefined when the token and key do not
 * open a recurring payment's full receipt (the same answer whatever was wrong, so nothing can be probed).
 * The portal sends the payer back to their receipt.
 */
export async function billingPortalUrlFor(
  receiptToken: string | undefined,
  receiptKey: string | undefined,
  deps: PortalDeps,
): Promise<string | undefined> {
  if (!receiptToken || !RECEIPT_TOKEN_PATTERN.test(receiptToken)) return undefined;
  const payment = await deps.payments.findByReceiptToken(receiptToken);
  if (!payment?.recurringTerms || !opensFullReceipt(payment, receiptKey)) return undefined;
  const subscriptionId = payment.subscriptionId ?? (await subscriptionOfCheckout(payment, deps.stripe));
  const subscriber = subscriptionId ? await deps.subscribers.get(subscriptionId) : undefined;
  if (!subscriber || subscriber.merchantId !== payment.merchantId) return undefined;
  const configuration = await payerPortalConfigurationOf(subscriber.merchantId, subscriber.stripeAccountId, deps);
  const session = await deps.stripe.billingPortal.sessions.create(
    {
      customer: subscriber.customerId,
      return_url: `${deps.appOrigin}/r/${receiptToken}?k=${receiptKey}`,
      configuration,
    },
    { stripeAccount: subscriber.stripeAccountId },
  );
  return session.url;
}

/**
 * Paylink's portal configuration on the merchant's connected account: a connected account that never saved
 * portal settings in its own Dashboard has no default, and Stripe refuses a session without one (docs/decisions.md #253). Made
 * the first time a payer opens the portal — one idempotency key per account, so two payers opening it at once
 * make one — and its id kept on the merchant, so every later session names it without asking Stripe.
 */
async function payerPortalConfigurationOf(merchantId: string, account: string, deps: PortalDeps) {
  const merchant = await deps.merchants.get(merchantId);
  const ownAccount = merchant?.stripeAccountId === account;
  if (ownAccount && merchant.payerPortalConfigurationId) return merchant.payerPortalConfigurationId;
  const created = await deps.stripe.billingPortal.configurations.create(payerPortalConfiguration(deps.appOrigin), {
    stripeAccount: account,
    idempotencyKey: `paylink-${PAYER_PORTAL_MARK}-${account}`,
  });
  return ownAccount ? deps.merchants.attachPayerPortalConfiguration(merchantId, created.id) : created.id;
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
