/**
 * What a settle writes besides the status, read from Stripe: the payer and their answers as the Checkout
 * session names them, and the card (or bank account), Stripe's fee, the receipt and the charge's time from
 * the payment intent's charge and balance transaction (on the merchant's account).
 */
import type { CustomFieldAnswer } from '@shared/contracts/custom-field-records';
import { withoutHiddenControls } from '@shared/plain-text';
import type { PaymentRecord, SettlementDetails } from './payments';
import type { StripeCheckoutSession, StripePaymentIntent, StripePort } from './stripe-port';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Card, payer and Stripe's fee, from the payment intent's charge and balance transaction (on the merchant's account). */
export async function detailsOf(
  session: StripeCheckoutSession,
  payment: PaymentRecord,
  stripe: StripePort,
): Promise<SettlementDetails> {
  const payer = payerDetailsOf(session);
  // A recurring link's Checkout (subscription mode) has no payment intent: its first invoice's names it.
  const invoiceId = idOf(session.invoice);
  const details =
    payer.paymentIntentId || !invoiceId
      ? payer
      : { ...payer, paymentIntentId: await intentOfInvoice(stripe, invoiceId, payment.stripeAccountId) };
  if (!details.paymentIntentId) return details;
  return {
    ...details,
    ...(await retrieveSettlementDetails(stripe, details.paymentIntentId, payment.stripeAccountId)),
  };
}

/** The payment intent that paid an invoice (a recurring link's period, docs/decisions.md #156); null while unpaid. */
export async function intentOfInvoice(
  stripe: Pick<StripePort, 'invoicePayments'>,
  invoiceId: string,
  stripeAccountId: string,
): Promise<string | null> {
  const { data } = await stripe.invoicePayments.list(
    { invoice: invoiceId, limit: 10 },
    { stripeAccount: stripeAccountId },
  );
  const paid = data.find((entry) => entry.status === 'paid') ?? data[0];
  return idOf(paid?.payment.payment_intent) ?? null;
}

/** The payer and the payment intent, as the session names them. */
export function payerDetailsOf(session: StripeCheckoutSession): SettlementDetails {
  return {
    // Typed by the payer on Checkout and shown to the merchant: nothing hidden may change how it reads.
    payerName: withoutHiddenControls(payerNameOf(session))?.trim() || null,
    payerEmail: withoutHiddenControls(session.customer_details?.email ?? session.customer_email)?.trim() || null,
    paymentIntentId: idOf(session.payment_intent) ?? null,
    // Folded into the write that moves the status, so answers cost no DynamoDB call of their own (#76).
    ...answersOf(session),
  };
}

/**
 * The buyer's name a receipt over $1,000 names (docs/decisions.md #122): the individual's or the
 * business's name Checkout's `name_collection` asked for, not the cardholder's name on the card; the
 * customer's name only when neither was collected (a session made before name collection was asked for).
 */
export function payerNameOf(
  session: Pick<StripeCheckoutSession, 'collected_information' | 'customer_details'>,
): string | null | undefined {
  const collected = session.collected_information;
  const individual = collected?.individual_name?.trim();
  const business = collected?.business_name?.trim();
  if (individual && business) return `${individual} (${business})`;
  return individual || business || session.customer_details?.name;
}

/**
 * The payer's answers on the session, as Stripe gives them: a question left blank is left out, a choice is
 * stored by its label (what the payer saw), and all of it is typed text, cleaned of what a reader cannot see.
 */
export function answersOf(
  session: Pick<StripeCheckoutSession, 'custom_fields' | 'customer_details'>,
): Pick<SettlementDetails, 'customFields' | 'payerPhone'> {
  const answers: CustomFieldAnswer[] = [];
  for (const field of session.custom_fields ?? []) {
    const choice = field.dropdown?.value;
    const value =
      field.type === 'dropdown'
        ? (field.dropdown?.options.find((option) => option.value === choice)?.label ?? choice)
        : field.type === 'numeric'
          ? field.numeric?.value
          : field.text?.value;
    const text = withoutHiddenControls(value)?.trim();
    if (text)
      answers.push({ key: field.key, label: withoutHiddenControls(field.label.custom ?? field.key), value: text });
  }
  return {
    ...(answers.length > 0 && { customFields: answers }),
    payerPhone: withoutHiddenControls(session.customer_details?.phone)?.trim() || null,
  };
}

/** Card, fee and receipt of a payment intent, read from Stripe with its charge's balance transaction. */
export async function retrieveSettlementDetails(
  stripe: StripePort,
  paymentIntentId: string,
  stripeAccountId: string,
): Promise<SettlementDetails> {
  return detailsOfIntent(await retrieveIntent(stripe, paymentIntentId, stripeAccountId));
}

export function retrieveIntent(stripe: StripePort, paymentIntentId: string, stripeAccountId: string) {
  return stripe.paymentIntents.retrieve(
    paymentIntentId,
    { expand: ['latest_charge.balance_transaction'] },
    { stripeAccount: stripeAccountId },
  );
}

/** Card (or bank account), fee and receipt of a payment intent read with its charge's balance transaction. */
export function detailsOfIntent(intent: StripePaymentIntent): SettlementDetails {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const balance = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
  const method = charge?.payment_method_details;
  return {
    paymentMethodType: method?.type ?? null,
    cardBrand: method?.card?.brand ?? null,
    cardLast4: method?.card?.last4 ?? null,
    // Stripe's processing fee only: the application fee (Paylink's) is recorded apart.
    stripeFeeCents: balance
      ? balance.fee_details.filter((fee) => fee.type === 'stripe_fee').reduce((sum, fee) => sum + fee.amount, 0)
      : null,
    receiptUrl: charge?.receipt_url ?? null,
    chargedAt: typeof charge?.created === 'number' ? new Date(charge.created * 1000).toISOString() : null,
  };
}
