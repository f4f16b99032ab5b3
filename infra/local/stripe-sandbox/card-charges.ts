/**
 * Stripe's test cards and what charging one moves: the outcome a card number gives, Stripe's NZ processing
 * fee, and a successful charge's balance transaction and the platform's application fee object. Checkout
 * (checkout-payment.ts), bank debits and subscription invoices (subscription-invoices.ts) all charge this way.
 */
import type { SandboxContext } from './sandbox-context';
import { newId } from './sandbox-store';

interface Card {
  brand: string;
  last4: string;
  country: string;
}

/** Stripe's test cards that the hosted page knows; `decline` is the card error the payer sees. */
export const TEST_CARDS: Record<
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
  // Stripe's test card that attaches to a customer but whose charges fail: a renewal that declines.
  '4000000000000341': {
    card: { brand: 'visa', last4: '0341', country: 'US' },
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

/** A PaymentMethod for one of Stripe's test cards (undefined for any other number), not yet stored. */
export function testCardPaymentMethod(cardNumber: string, customer: string | null = null) {
  const testCard = TEST_CARDS[cardNumber.replace(/\D/g, '')];
  if (!testCard) return undefined;
  return {
    id: newId('pm', 24),
    object: 'payment_method' as const,
    type: 'card',
    customer,
    card: { ...testCard.card, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit' },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

/** What charging a stored test card does: the decline Stripe's test card of that last4 gives, if any. */
export function declineOfCard(last4: string) {
  return Object.values(TEST_CARDS).find((testCard) => testCard.card.last4 === last4)?.decline;
}

/** Stripe's NZ pricing: 2.7% + 30c for a domestic card, 3.7% + 30c for a foreign one. */
export function stripeFee(amount: number, cardCountry: string) {
  return Math.round(amount * (cardCountry === 'NZ' ? 0.027 : 0.037)) + 30;
}

/**
 * The money of a charge that has moved: its balance transaction on the merchant's account (Stripe's fee and
 * Paylink's), and Paylink's application fee object. A card makes it at once; a bank debit when it succeeds.
 */
export function chargeMoney(
  context: SandboxContext,
  {
    amount,
    currency,
    applicationFeeAmount,
    chargeId,
    processingFee,
    at = context.now(),
  }: {
    amount: number;
    currency: string;
    applicationFeeAmount: number | null;
    chargeId: string;
    processingFee: number;
    /** When the money moved: a test clock's time for a subscription's renewal. */
    at?: number;
  },
  account: string | null,
) {
  const applicationFee = applicationFeeAmount ?? 0;
  const feeDetails = [{ type: 'stripe_fee', amount: processingFee, currency, description: 'Stripe processing fees' }];
  // On a direct charge the platform's fee comes out of the merchant's balance transaction too.
  if (applicationFee > 0) {
    feeDetails.push({
      type: 'application_fee',
      amount: applicationFee,
      currency,
      description: 'Paylink fee',
    });
  }
  const fee = processingFee + applicationFee;
  const now = at;
  const balanceTransaction = context.store.put(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount,
      currency,
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
            currency,
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
