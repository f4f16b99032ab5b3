/**
 * What the hosted Checkout's Pay button does with one of Stripe's test cards. Paylink makes direct
 * charges: the PaymentIntent, Charge and BalanceTransaction all live on the merchant's connected account,
 * and Paylink's fee is `payment_intent_data[application_fee_amount]`. A subscription session starts the
 * subscription (trialing if asked) instead.
 */
import { createCustomer, startSubscription, type Price } from './billing';
import { TEST_CARDS, chargeMoney, stripeFee, testCardPaymentMethod } from './card-charges';
import type { CheckoutSession } from './checkout';
import { recordAnswers } from './checkout-questions';
import { openDispute } from './disputes';
import type { SandboxContext } from './sandbox-context';
import { newId, type CheckoutSetup, type StripeObject } from './sandbox-store';

export interface PayerDetails {
  email: string;
  name: string;
  cardNumber: string;
  /** The phone (E.164) and the answers by field key, checked by the page (checkout-questions.ts). */
  phone?: string | null;
  answers?: Map<string, string>;
}

export type PaymentResult = { outcome: 'paid'; redirectTo: string } | { outcome: 'declined'; message: string };

/** The hosted page's Pay button. A declined card leaves the session open, as real Checkout does. */
export function payCheckoutSession(
  context: SandboxContext,
  session: CheckoutSession,
  payer: PayerDetails,
  account: string | null,
): PaymentResult {
  const testCard = TEST_CARDS[payer.cardNumber.replace(/\D/g, '')];
  if (!testCard) {
    return { outcome: 'declined', message: 'Your card number is invalid. Use one of Stripe’s test cards.' };
  }
  const setup = context.store.checkoutSetup(session.id)!;
  const paymentMethod = testCardPaymentMethod(payer.cardNumber)!;
  const customerDetails = {
    email: payer.email,
    name: payer.name,
    phone: payer.phone ?? null,
    address: { country: 'NZ', city: null, line1: null, line2: null, postal_code: null, state: null },
    tax_exempt: 'none',
    tax_ids: [],
  };

  if (session.mode === 'subscription') {
    if (testCard.decline) return { outcome: 'declined', message: testCard.decline.message };
    const customerId =
      session.customer ??
      createCustomer(context, { email: payer.email || session.customer_email, name: payer.name || null }, account).id;
    // The card is saved on the customer for the renewals to charge.
    context.store.put({ ...paymentMethod, customer: customerId }, account);
    const customer = context.store.find(customerId, account)!;
    customer.invoice_settings = { default_payment_method: paymentMethod.id };
    context.emit('payment_method.attached', { ...paymentMethod, customer: customerId }, { account });
    const lines = setup.lineItems as unknown as { price: Price; quantity: number; description: string | null }[];
    // The recurring price is the subscription's; one-time prices go on its first invoice only (checkout.ts).
    const item = lines.find((line) => line.price.recurring)!;
    const { subscription, invoice } = startSubscription(
      context,
      {
        customer: customerId,
        price: item.price,
        quantity: item.quantity,
        oneTimeLines: lines.filter((line) => !line.price.recurring),
        trialPeriodDays: setup.subscriptionData.trialPeriodDays,
        trialEnd: setup.subscriptionData.trialEnd,
        metadata: setup.subscriptionData.metadata,
        paymentMethod: paymentMethod.id,
        applicationFeePercent: setup.subscriptionData.applicationFeePercent ?? null,
      },
      account,
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: invoice.amount_due === 0 ? 'no_payment_required' : 'paid',
      customer: customerId,
      customer_details: customerDetails,
      subscription: subscription.id,
      invoice: invoice.id,
      ...collectedInformation(session, payer.name),
    });
    recordAnswers(session.custom_fields, payer.answers ?? new Map());
    context.emit('checkout.session.completed', session, { account });
    return { outcome: 'paid', redirectTo: successRedirect(session) };
  }

  const paymentIntent = paymentIntentFor(context, session, setup, account);
  if (testCard.decline) {
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.last_payment_error = {
      type: 'card_error',
      code: testCard.decline.code,
      decline_code: testCard.decline.declineCode,
      message: testCard.decline.message,
      payment_method: paymentMethod,
    };
    context.emit('payment_intent.payment_failed', paymentIntent, { account });
    return { outcome: 'declined', message: testCard.decline.message };
  }

  const amount = session.amount_total;
  const now = context.now();
  const chargeId = newId('ch', 24);
  const { balanceTransaction, applicationFeeObject } = chargeMoney(
    context,
    {
      amount,
      currency: session.currency,
      applicationFeeAmount: setup.paymentIntentData.applicationFeeAmount,
      chargeId,
      processingFee: stripeFee(amount, testCard.card.country),
    },
    account,
  );
  const charge = context.store.put(
    {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      disputed: false,
      application_fee: applicationFeeObject?.id ?? null,
      currency: session.currency,
      paid: true,
      status: 'succeeded',
      captured: true,
      refunded: false,
      payment_intent: paymentIntent.id,
      payment_method: paymentMethod.id,
      balance_transaction: balanceTransaction.id,
      billing_details: { email: payer.email, name: payer.name },
      payment_method_details: { type: 'card', card: paymentMethod.card },
      receipt_email: payer.email,
      receipt_url: `${context.baseUrl}/receipts/${chargeId}`,
      application_fee_amount: setup.paymentIntentData.applicationFeeAmount,
      metadata: setup.paymentIntentData.metadata,
      outcome: { network_status: 'approved_by_network', type: 'authorized', seller_message: 'Payment complete.' },
      created: now,
      livemode: false,
    },
    account,
  );
  Object.assign(paymentIntent, {
    status: 'succeeded',
    amount_received: amount,
    latest_charge: charge.id,
    payment_method: paymentMethod.id,
    last_payment_error: null,
    receipt_email: payer.email,
  });
  recordAnswers(session.custom_fields, payer.answers ?? new Map());
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer_details: customerDetails,
    ...collectedInformation(session, payer.name),
  });
  context.emit('payment_intent.succeeded', paymentIntent, { account });
  context.emit('checkout.session.completed', session, { account });
  if (testCard.disputeReason) openDispute(context, charge.id, { reason: testCard.disputeReason });
  return { outcome: 'paid', redirectTo: successRedirect(session) };
}

export function successRedirect(session: CheckoutSession) {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

/** The session's PaymentIntent: made on the first attempt and reused after a decline. */
export function paymentIntentFor(
  context: SandboxContext,
  session: CheckoutSession,
  setup: CheckoutSetup,
  account: string | null,
) {
  const existing = session.payment_intent ? context.store.find(session.payment_intent, account) : undefined;
  if (existing) return existing;
  const paymentIntent = context.store.put(
    {
      id: newId('pi', 24),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      amount_capturable: 0,
      currency: session.currency,
      status: 'requires_payment_method',
      capture_method: 'automatic',
      payment_method_types: ['card'],
      application_fee_amount: setup.paymentIntentData.applicationFeeAmount,
      transfer_data: null,
      on_behalf_of: null,
      latest_charge: null,
      last_payment_error: null,
      payment_method: null,
      customer: session.customer,
      description: setup.paymentIntentData.description,
      receipt_email: null,
      metadata: setup.paymentIntentData.metadata,
      created: context.now(),
      livemode: false,
    } as StripeObject,
    account,
  );
  session.payment_intent = paymentIntent.id;
  return paymentIntent;
}

/**
 * As Stripe does when name_collection asked for the individual's name (Checkout Session
 * `collected_information`): the name the payer typed there, apart from the card's.
 */
export function collectedInformation(session: CheckoutSession, payerName: string | undefined) {
  return {
    collected_information: session.name_collection?.individual?.enabled
      ? { individual_name: payerName || null, business_name: null }
      : null,
  };
}
