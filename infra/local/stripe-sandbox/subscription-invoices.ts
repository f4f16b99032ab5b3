/**
 * A subscription's invoices and what paying one does, on the account the subscription lives on. A paid
 * invoice has a PaymentIntent and a Charge, the charge a balance transaction (Stripe's fee and the platform's
 * application fee, `application_fee_percent` of the invoice) and the platform an application fee object, as a
 * one-off direct charge has (checkout-payment.ts), so payouts carry each period's money. A failed attempt
 * leaves the invoice open with its next retry in `next_payment_attempt`: Smart Retries' recommended default,
 * 8 retries within 2 weeks, at fixed days here so a test can reach each one (docs/decisions.md #151).
 * In this API version an invoice names its subscription under `parent.subscription_details` and its payments
 * only as `invoice_payment` objects (`expand[]=payments`, `GET /v1/invoice_payments?invoice=`).
 */
import { chargeMoney, declineOfCard, stripeFee } from './card-charges';
import type { Price } from './customers-and-prices';
import { optionalString, type Params } from './form-params';
import { listPage } from './list-page';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import type { Subscription } from './subscriptions';

const DAY_SECONDS = 86_400;
/** Days after the first failed attempt on which an invoice is retried (8 retries within 2 weeks). */
export const RETRY_DAYS_AFTER_FIRST_FAILURE = [1, 2, 4, 6, 8, 10, 12, 14];

export interface Invoice extends StripeObject {
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  billing_reason: string;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: object } };
  status_transitions: { finalized_at: number | null; paid_at: number | null };
  created: number;
}

export interface InvoicePayment extends StripeObject {
  object: 'invoice_payment';
  invoice: string;
  status: 'open' | 'paid' | 'canceled';
  payment: { type: 'payment_intent'; payment_intent: string };
}

/** A one-time price from Checkout, on the subscription's first invoice only. */
export interface OneTimeLine {
  price: Price;
  quantity: number;
  description: string | null;
}

/**
 * A draft invoice for one period of the subscription (`invoice.created`): the period's line for `amount`,
 * then any one-time lines (the first invoice's, from Checkout), the total their sum.
 */
export function createInvoice(
  context: SandboxContext,
  subscription: Subscription,
  options: {
    billingReason: string;
    amount: number;
    oneTimeLines?: readonly OneTimeLine[];
    periodStart: number;
    periodEnd: number;
    at: number;
  },
  account: string | null,
): Invoice {
  const item = subscription.items.data[0]!;
  const price: Price = item.price;
  const oneTime = (options.oneTimeLines ?? []).map((line) => ({
    id: newId('il', 24),
    object: 'line_item',
    amount: line.price.unit_amount * line.quantity,
    currency: line.price.currency,
    description: line.description,
    quantity: line.quantity,
    period: { start: options.at, end: options.at },
    pricing: { type: 'price_details', price_details: { price: line.price.id, product: line.price.product } },
  }));
  const total = options.amount + oneTime.reduce((sum, line) => sum + line.amount, 0);
  // Stripe copies the customer's email and name onto the invoice until it is finalized.
  const customer = context.store.find(subscription.customer, account);
  const invoice: Invoice = {
    id: newId('in', 24),
    object: 'invoice',
    customer: subscription.customer,
    customer_email: (customer?.email as string | null | undefined) ?? null,
    customer_name: (customer?.name as string | null | undefined) ?? null,
    status: 'draft',
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    subtotal: total,
    total,
    currency: price.currency,
    billing_reason: options.billingReason,
    collection_method: 'charge_automatically',
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    next_payment_attempt: null,
    hosted_invoice_url: null,
    period_start: options.periodStart,
    period_end: options.periodEnd,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il', 24),
          object: 'line_item',
          amount: options.amount,
          currency: price.currency,
          description: `${item.quantity} × subscription`,
          quantity: item.quantity,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
        },
        ...oneTime,
      ],
      has_more: false,
    },
    status_transitions: { finalized_at: null, paid_at: null },
    test_clock: subscription.test_clock,
    created: options.at,
    livemode: false,
  };
  context.store.put(invoice, account);
  context.emit('invoice.created', invoice, { account, at: options.at });
  return invoice;
}

/** Open for payment, with its number (`invoice.finalized`). */
export function finalizeInvoice(context: SandboxContext, invoice: Invoice, at: number, account: string | null) {
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = at;
  invoice.number = `${invoice.id.slice(3, 11).toUpperCase()}-0001`;
  context.emit('invoice.finalized', invoice, { account, at });
}

/** Finalized, then paid at once (nothing due) or attempted on the subscription's card. */
export function finalizeAndPay(
  context: SandboxContext,
  invoice: Invoice,
  subscription: Subscription,
  at: number,
  account: string | null,
): 'paid' | 'failed' {
  finalizeInvoice(context, invoice, at, account);
  if (invoice.amount_due === 0) {
    markPaid(context, invoice, at, account);
    return 'paid';
  }
  return attemptPayment(context, invoice, subscription, at, account);
}

function markPaid(context: SandboxContext, invoice: Invoice, at: number, account: string | null) {
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: true,
    next_payment_attempt: null,
  });
  invoice.status_transitions.paid_at = at;
  context.emit('invoice.paid', invoice, { account, at });
  context.emit('invoice.payment_succeeded', invoice, { account, at });
}

/** `GET /v1/invoice_payments?invoice=`: newest first (one per invoice here). */
export function listInvoicePayments(context: SandboxContext, params: Params, account: string | null) {
  const invoice = optionalString(params, 'invoice');
  const payments = context.store
    .objectsOfKind<InvoicePayment>(
      'invoice_payment',
      (payment) =>
        context.store.accountOf(payment.id) === account && (invoice === undefined || payment.invoice === invoice),
    )
    .reverse();
  return listPage(payments, params, '/v1/invoice_payments');
}

export function invoicePaymentOf(context: SandboxContext, invoiceId: string, account: string | null) {
  return context.store
    .objectsOfKind<InvoicePayment>(
      'invoice_payment',
      (payment) => payment.invoice === invoiceId && context.store.accountOf(payment.id) === account,
    )
    .at(0);
}

/** The invoice's PaymentIntent, made on its first attempt and reused by every retry, as Stripe does. */
function paymentIntentOf(context: SandboxContext, invoice: Invoice, at: number, account: string | null) {
  const existing = invoicePaymentOf(context, invoice.id, account);
  if (existing) return context.store.find(existing.payment.payment_intent, account)!;
  const paymentIntent = context.store.put(
    {
      id: newId('pi', 24),
      object: 'payment_intent',
      amount: invoice.amount_due,
      amount_received: 0,
      currency: invoice.currency,
      status: 'requires_payment_method',
      capture_method: 'automatic',
      payment_method_types: ['card'],
      application_fee_amount: null,
      customer: invoice.customer,
      description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      latest_charge: null,
      last_payment_error: null,
      payment_method: null,
      metadata: {},
      created: at,
      livemode: false,
    } as StripeObject,
    account,
  );
  context.store.put<InvoicePayment>(
    {
      id: newId('inpay', 24),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
      created: at,
      livemode: false,
    },
    account,
  );
  return paymentIntent;
}

type CardPaymentMethod = StripeObject & { card: { last4: string; country: string } };
type Decline = { code: string; declineCode: string; message: string };

/**
 * One attempt to charge the subscription's card for the invoice. Paid: a charge with its money, the invoice
 * paid. Declined: a failed charge, the invoice open with its next retry (none after the last).
 */
export function attemptPayment(
  context: SandboxContext,
  invoice: Invoice,
  subscription: Subscription,
  at: number,
  account: string | null,
): 'paid' | 'failed' {
  const paymentIntent = paymentIntentOf(context, invoice, at, account);
  const paymentMethod = subscription.default_payment_method
    ? context.store.find<CardPaymentMethod>(subscription.default_payment_method, account)
    : undefined;
  const decline = paymentMethod
    ? declineOfCard(paymentMethod.card.last4)
    : { code: 'card_declined', declineCode: 'generic_decline', message: 'The customer has no payment method.' };
  // Absent on subscriptions stored before connected accounts had them: no fee, as null says.
  const feePercent = subscription.application_fee_percent ?? null;
  const applicationFeeAmount = feePercent === null ? null : Math.round((invoice.amount_due * feePercent) / 100);
  const charge = chargeCard(
    context,
    { invoice, paymentIntent, paymentMethod, decline, applicationFeeAmount, at },
    account,
  );
  invoice.attempt_count = (invoice.attempt_count ?? 0) + 1;
  invoice.attempted = true;
  Object.assign(paymentIntent, {
    latest_charge: charge.id,
    payment_method: paymentMethod?.id ?? null,
    application_fee_amount: applicationFeeAmount,
  });
  if (decline) {
    Object.assign(paymentIntent, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: decline.code,
        decline_code: decline.declineCode,
        message: decline.message,
        charge: charge.id,
        payment_method: paymentMethod ?? null,
      },
    });
    const firstAttempt = invoice.status_transitions.finalized_at ?? at;
    const retryDay = RETRY_DAYS_AFTER_FIRST_FAILURE[invoice.attempt_count - 1];
    invoice.next_payment_attempt = retryDay === undefined ? null : firstAttempt + retryDay * DAY_SECONDS;
    context.emit('charge.failed', charge, { account, at });
    context.emit('payment_intent.payment_failed', paymentIntent, { account, at });
    context.emit('invoice.payment_failed', invoice, { account, at });
    return 'failed';
  }
  Object.assign(paymentIntent, { status: 'succeeded', amount_received: invoice.amount_due, last_payment_error: null });
  const invoicePayment = invoicePaymentOf(context, invoice.id, account)!;
  Object.assign(invoicePayment, { status: 'paid', amount_paid: invoice.amount_due });
  invoicePayment.status_transitions = { canceled_at: null, paid_at: at };
  context.emit('charge.succeeded', charge, { account, at });
  context.emit('payment_intent.succeeded', paymentIntent, { account, at });
  context.emit('invoice_payment.paid', invoicePayment, { account, at });
  markPaid(context, invoice, at, account);
  return 'paid';
}

/** The attempt's Charge: failed with the card's decline, or succeeded with its money moved (card-charges.ts). */
function chargeCard(
  context: SandboxContext,
  attempt: {
    invoice: Invoice;
    paymentIntent: StripeObject;
    paymentMethod: CardPaymentMethod | undefined;
    decline: Decline | undefined;
    applicationFeeAmount: number | null;
    at: number;
  },
  account: string | null,
) {
  const { invoice, paymentIntent, paymentMethod, decline, applicationFeeAmount, at } = attempt;
  const amount = invoice.amount_due;
  const chargeId = newId('ch', 24);
  const money =
    decline || !paymentMethod
      ? null
      : chargeMoney(
          context,
          {
            amount,
            currency: invoice.currency,
            applicationFeeAmount,
            chargeId,
            processingFee: stripeFee(amount, paymentMethod.card.country),
            at,
          },
          account,
        );
  return context.store.put(
    {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: money ? amount : 0,
      amount_refunded: 0,
      disputed: false,
      application_fee: money?.applicationFeeObject?.id ?? null,
      application_fee_amount: money ? applicationFeeAmount : null,
      currency: invoice.currency,
      customer: invoice.customer,
      description: paymentIntent.description,
      paid: Boolean(money),
      status: money ? 'succeeded' : 'failed',
      captured: Boolean(money),
      refunded: false,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      payment_intent: paymentIntent.id,
      payment_method: paymentMethod?.id ?? null,
      balance_transaction: money?.balanceTransaction.id ?? null,
      billing_details: { email: null, name: null },
      payment_method_details: paymentMethod ? { type: 'card', card: paymentMethod.card } : null,
      receipt_url: money ? `${context.baseUrl}/receipts/${chargeId}` : null,
      metadata: {},
      outcome: money
        ? { network_status: 'approved_by_network', type: 'authorized', seller_message: 'Payment complete.' }
        : { network_status: 'declined_by_network', type: 'issuer_declined', reason: decline?.declineCode ?? null },
      created: at,
      livemode: false,
    },
    account,
  );
}
