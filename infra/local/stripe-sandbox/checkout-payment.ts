/**
 * What the hosted Checkout's Pay button does with one of Stripe's test cards. Paylink makes direct
 * charges: the PaymentIntent, Charge and BalanceTransaction all live on the merchant's connected account,
 * and Paylink's fee is `payment_intent_data[application_fee_amount]`. A subscription session starts the
 * subscription (trialing if asked) instead.
 */
import { createCustomer, startSubscription, type Price } from './billing';
import type { CheckoutSession } from './checkout';
import { recordAnswers } from './checkout-questions';
import { openDispute } from './disputes';
import type { SandboxContext } from './sandbox-context';
import { newId, type CheckoutSetup, type StripeObject } from './sandbox-store';

interface Card {
  brand: string;
  last4: string;
  country: string;
}

/** Stripe's test cards that the hosted page knows; `decline` is the card error the payer sees. */
const TEST_CARDS: Record<
  string,
  { card: Card; decline?: { code: string; declineCode: string; message: string }; disputeReason?: string }
> = {
  '4242424242424242': { card: { brand: 'visa', last4: '4242', country: 'US' } },
  // Stripe's test card whose payment succeeds and is then disputed as fraudulent.
  '4000000000000259': { card: { brand: 'visa', last4: '0259', country: 'US' }, disputeReason: 'fraudulent' },
  '5555555555554444': { card: { brand: 'mastercard', last4: '4444', country: 'US' } },
  '4000005540000008': { card: { brand: 'visa', last4: '0008', country: 'NZ' } },
  '4000000000000002': {
    card: { brand: 'visa', last4: '0002', country: 'US' },
    decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    card: { brand: 'visa', last4: '9995', country: 'US' },
    decline: {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
};

/** Stripe's NZ pricing: 2.7% + 30c for a domestic card, 3.7% + 30c for a foreign one. */
export function stripeFee(amount: number, cardCountry: string) {
  return Math.round(amount * (cardCountry === 'NZ' ? 0.027 : 0.037)) + 30;
}

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
  const paymentMethod = {
    id: newId('pm', 24),
    object: 'payment_method',
    type: 'card',
    card: { ...testCard.card, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit' },
  };
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
    const item = setup.lineItems[0] as unknown as { price: Price; quantity: number };
    const { subscription, invoice } = startSubscription(
      context,
      {
        customer: customerId,
        price: item.price,
        quantity: item.quantity,
        trialPeriodDays: setup.subscriptionData.trialPeriodDays,
        trialEnd: setup.subscriptionData.trialEnd,
        metadata: setup.subscriptionData.metadata,
        paymentMethod: paymentMethod.id,
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
    });
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
    { session, setup, chargeId, processingFee: stripeFee(amount, testCard.card.country) },
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

/**
 * The money of a charge that has moved: its balance transaction on the merchant's account (Stripe's fee and
 * Paylink's), and Paylink's application fee object. A card makes it at once; a bank debit when it succeeds.
 */
export function chargeMoney(
  context: SandboxContext,
  {
    session,
    setup,
    chargeId,
    processingFee,
  }: { session: CheckoutSession; setup: CheckoutSetup; chargeId: string; processingFee: number },
  account: string | null,
) {
  const amount = session.amount_total;
  const applicationFee = setup.paymentIntentData.applicationFeeAmount ?? 0;
  const feeDetails = [
    { type: 'stripe_fee', amount: processingFee, currency: session.currency, description: 'Stripe processing fees' },
  ];
  // On a direct charge the platform's fee comes out of the merchant's balance transaction too.
  if (applicationFee > 0) {
    feeDetails.push({
      type: 'application_fee',
      amount: applicationFee,
      currency: session.currency,
      description: 'Paylink fee',
    });
  }
  const fee = processingFee + applicationFee;
  const now = context.now();
  const balanceTransaction = context.store.put(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount,
      currency: session.currency,
      fee,
      fee_details: feeDetails,
      net: amount - fee,
      status: 'pending',
      type: 'charge',
      reporting_category: 'charge',
      available_on: now + 7 * 86_400,
      source: chargeId,
      created: now,
      payout: null,
    },
    account,
  );
  // Paylink's fee is the platform's own object (refunded in proportion by `refund_application_fee`).
  const feeId = newId('fee', 24);
  const applicationFeeObject =
    applicationFee > 0 && account
      ? context.store.put(
          {
            id: feeId,
            object: 'application_fee',
            account,
            amount: applicationFee,
            amount_refunded: 0,
            application: null,
            balance_transaction: null,
            charge: chargeId,
            created: now,
            currency: session.currency,
            livemode: false,
            originating_transaction: null,
            refunded: false,
            refunds: {
              object: 'list',
              data: [],
              has_more: false,
              total_count: 0,
              url: `/v1/application_fees/${feeId}/refunds`,
            },
          },
          null,
        )
      : null;
  return { balanceTransaction, applicationFeeObject };
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
