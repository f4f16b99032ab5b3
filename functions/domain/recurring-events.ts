/**
 * A recurring link's subscription and invoice events on merchants' connected accounts (issue 45). Each event
 * only says which subscription moved: the subscription and the invoice are read again from Stripe on the
 * event's account, so a duplicate, a late or a forged event can only make Paylink read Stripe's current word.
 *
 * - The subscriber's state is that read's (newest read wins, ended is final: docs/decisions.md #155).
 * - A paid invoice is a payment, settled by settlement.ts `settle` like any Checkout's — counted once, its
 *   receipt number once, its live update once — and keyed by the invoice: the first invoice is the Checkout's
 *   own payment, a renewal's id is derived from its invoice id, so each period is one payment (#156).
 * - A declined renewal tells the payer and the merchant; a decline with no retry left ends it (#158).
 */
import { shareOfCents } from '@shared/money';
import { PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import { repeatPriceWords } from '@shared/recurring';
import { scheduleOfMetadata } from './recurring-checkout';
import { logIgnoredEvent, type AnnounceMerchantUpdate } from './stripe-events';
import { STATUS_RANK } from './payment-status';
import type { PaymentRecord } from './payments';
import { settle, type SettlementDeps } from './settlement';
import { intentOfInvoice, retrieveSettlementDetails } from './settlement-details';
import type { StripeEvent, StripeFailure, StripeInvoice, StripeSubscription } from './stripe-port';
import {
  CANCELLED_BY,
  hasEnded,
  paymentsMadeOf,
  periodsBegunOf,
  renewalPaymentIdOf,
  subscriberStateOf,
  type SubscriberRecord,
  type SubscriberRepository,
} from './subscribers';

export interface RecurringDeps extends SettlementDeps {
  subscribers: SubscriberRepository;
  /** Milliseconds now, taken just before each read from Stripe: the read's time (#155). */
  readClock(): number;
  /** Tells the payer to update their card and the merchant of the decline (or of the end it caused). */
  tellOfDecline(subscriber: SubscriberRecord, payment: { ended: boolean }): Promise<void>;
  /** Tells the merchant's open dashboards that a subscriber changed, so the Subscribers screen follows (#190). */
  announceMerchantUpdate: AnnounceMerchantUpdate;
}

type IdOrObject = string | { id: string } | null | undefined;
const idOf = (value: IdOrObject) => (typeof value === 'string' ? value : value?.id);

/** Which subscription the event is about: the subscription itself, or the one an invoice belongs to. */
function subscriptionIdOf(event: StripeEvent): string | undefined {
  const object = event.data.object as { id?: string; parent?: StripeInvoice['parent'] };
  if (event.type.startsWith('customer.subscription.')) return object.id;
  return idOf(object.parent?.subscription_details?.subscription);
}

export async function applyRecurringEvent(event: StripeEvent, account: string, deps: RecurringDeps): Promise<void> {
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId?.startsWith('sub_')) return;
  let readAt = deps.readClock();
  let subscription = await retrieveOrNothing(subscriptionId, account, deps);
  if (!subscription)
    return logIgnoredEvent('unknown_subscription', { eventId: event.id, subscriptionId }, deps.telemetry);
  let subscriber = await subscriberOf(subscription, account, deps);
  // A merchant's own subscriptions on their account (not a Paylink link's) are theirs alone.
  if (!subscriber) return;
  const paidBefore = paymentsMadeOf(subscriber);
  const invoiceId = event.type.startsWith('invoice.') ? (event.data.object as { id?: string }).id : undefined;
  if (invoiceId && event.type === 'invoice.paid') {
    subscriber = await settleInvoice(invoiceId, subscriber, deps);
  }
  if (invoiceId && event.type === 'invoice.payment_failed') {
    const ended = await renewalDeclined(invoiceId, subscriber, subscription, deps);
    if (ended) {
      readAt = deps.readClock();
      subscription = ended;
    }
  }
  if (shouldStopAfterThisPeriod(subscriber, subscription)) {
    readAt = deps.readClock();
    // Keyed by the event, not the subscription: a payer who resumes it in the billing portal is stopped again by
    // the news of the resume, where one key per subscription replayed the first answer and let it run on (#231).
    subscription = await deps.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: true, cancellation_details: { comment: CANCELLED_BY.lastPayment } },
      { stripeAccount: account, idempotencyKey: `last-payment-${event.id}` },
    );
  }
  const state = subscriberStateOf(subscription, paymentsMadeOf(subscriber), subscriber.paymentsPlanned);
  const stateWritten = await deps.subscribers.recordState(subscriptionId, state, readAt, deps.now);
  // After both writes, so the screen reads the period counted and the state together. A payment's own push
  // comes from its settle, before its period joins the subscriber: without this one an open Subscribers screen
  // kept the count it read in between (#190).
  if (stateWritten || paymentsMadeOf(subscriber) !== paidBefore) {
    await deps.announceMerchantUpdate(subscriber.merchantId, 'subscribers');
  }
}

async function retrieveOrNothing(subscriptionId: string, account: string, deps: RecurringDeps) {
  try {
    return await deps.stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: account });
  } catch (error) {
    if ((error as StripeFailure)?.code === 'resource_missing') return undefined;
    throw error;
  }
}

/**
 * The subscriber of a Paylink recurring link's subscription, created the first time any of its events is
 * applied. Its metadata names the Checkout's payment; that payment must be on this very account, of the
 * merchant and link the metadata names — so metadata alone (which the merchant could write) never makes one.
 */
async function subscriberOf(
  subscription: StripeSubscription,
  account: string,
  deps: RecurringDeps,
): Promise<SubscriberRecord | undefined> {
  const known = await deps.subscribers.get(subscription.id);
  if (known) return known.stripeAccountId === account ? known : undefined;
  const { paymentId, linkId, merchantId, repeat } = subscription.metadata ?? {};
  const schedule = scheduleOfMetadata(repeat);
  const first = paymentId ? await deps.payments.get(paymentId) : undefined;
  if (!schedule || !first || first.stripeAccountId !== account) return undefined;
  if (first.merchantId !== merchantId || first.linkId !== linkId) return undefined;
  const at = deps.now.toISOString();
  return deps.subscribers.createIfAbsent({
    subscriptionId: subscription.id,
    merchantId: first.merchantId,
    linkId: first.linkId,
    linkTitle: first.linkTitle,
    stripeAccountId: account,
    customerId: idOf(subscription.customer)!,
    firstPaymentId: first.paymentId,
    paymentSalt: crypto.randomUUID(),
    payerName: first.payerName ?? null,
    payerEmail: first.payerEmail ?? null,
    amountCents: first.baseCents,
    currency: first.currency,
    every: schedule.every,
    paymentsPlanned: schedule.payments,
    status: 'active',
    nextPaymentAt: null,
    endsAtPeriodEnd: false,
    endedReason: null,
    stateReadAt: 0,
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * A set number of payments in its last period, not yet told to stop: it ends when this period does (#231).
 * Counted by periods begun as well as payments made: Stripe invoices every period while an earlier one is still
 * retried, so a count of payments alone let a declined period paid late add one period too many.
 */
function shouldStopAfterThisPeriod(subscriber: SubscriberRecord, subscription: StripeSubscription): boolean {
  const planned = subscriber.paymentsPlanned;
  if (planned === null || hasEnded(subscriber.status)) return false;
  if (subscription.status === 'canceled' || subscription.cancel_at_period_end) return false;
  return paymentsMadeOf(subscriber) >= planned || periodsBegunOf(subscription, subscriber.every) >= planned;
}

/**
 * A paid invoice as its period's payment: Stripe's word read again (only `paid` counts), the payment found
 * (the first invoice's) or created (a renewal's, by the id its invoice gives it), named on the intent and the
 * charge (so refunds, disputes and payouts find it as they find a Checkout's), settled, and the invoice added
 * to the subscriber's periods paid.
 */
async function settleInvoice(
  invoiceId: string,
  subscriber: SubscriberRecord,
  deps: RecurringDeps,
): Promise<SubscriberRecord> {
  const account = subscriber.stripeAccountId;
  const invoice = await deps.stripe.invoices.retrieve(invoiceId, {}, { stripeAccount: account });
  if (
    invoice.status !== 'paid' ||
    idOf(invoice.parent?.subscription_details?.subscription) !== subscriber.subscriptionId
  ) {
    return subscriber;
  }
  const isFirst = invoice.billing_reason === 'subscription_create';
  const paymentId = isFirst ? subscriber.firstPaymentId : renewalPaymentIdOf(subscriber.paymentSalt, invoice.id);
  const payment = isFirst
    ? await deps.payments.get(paymentId)
    : await renewalPayment(paymentId, invoice, subscriber, deps);
  if (!payment) return subscriber;
  const intentId = await intentOfInvoice(deps.stripe, invoice.id, account);
  const details = intentId ? await retrieveSettlementDetails(deps.stripe, intentId, account) : {};
  if (intentId) await namePaymentOnStripe(payment.paymentId, intentId, deps, account);
  const payer = {
    payerEmail: payment.payerEmail ?? invoice.customer_email ?? null,
    payerName: payment.payerName ?? invoice.customer_name ?? null,
  };
  await settle(payment, 'succeeded', { ...details, paymentIntentId: intentId, ...payer }, deps);
  // Its receipt goes as every payment's does, unasked and once, from the news that it succeeded
  // (receipt-sending.ts sendReceiptOnSuccess, docs/decisions.md #172), with the way to stop it (#157).
  const updated = await deps.subscribers.addPaidInvoice(subscriber.subscriptionId, invoice.id, deps.now);
  // A subscriber made from an event that came before the Checkout's own knew no payer yet: the invoice does.
  if (updated.payerEmail || !payer.payerEmail) return updated;
  return (await deps.subscribers.fillPayer(subscriber.subscriptionId, payer, deps.now)) ?? updated;
}

/**
 * A renewal's payment, created pending the first time its invoice is seen (later deliveries find it). It
 * carries none of the pending indexes: there is no Checkout for the schedule to ask about, and the invoice's
 * own events settle it. Its place on the link was the subscriber's first payment's (limit = subscribers, #154).
 */
async function renewalPayment(
  paymentId: string,
  invoice: StripeInvoice,
  subscriber: SubscriberRecord,
  deps: RecurringDeps,
): Promise<PaymentRecord | undefined> {
  const existing = await deps.payments.get(paymentId);
  if (existing) return existing;
  const first = await deps.payments.get(subscriber.firstPaymentId);
  const at = deps.now.toISOString();
  const payment: PaymentRecord = {
    paymentId,
    merchantId: subscriber.merchantId,
    linkId: subscriber.linkId,
    linkTitle: subscriber.linkTitle,
    linkDescription: first?.linkDescription ?? null,
    stripeAccountId: subscriber.stripeAccountId,
    currency: invoice.currency,
    baseCents: invoice.amount_paid,
    tipCents: 0,
    tipPercent: null,
    totalCents: invoice.amount_paid,
    productFeeCents: shareOfCents(invoice.amount_paid, PRODUCT_FEE_BASIS_POINTS),
    status: 'pending',
    statusRank: STATUS_RANK.pending,
    receiptsSent: 0,
    createdAt: at,
    updatedAt: at,
    placeSettled: 'sold',
    subscriptionId: subscriber.subscriptionId,
    invoiceId: invoice.id,
    recurringTerms: repeatPriceWords(subscriber.amountCents, subscriber.currency, {
      every: subscriber.every,
      payments: subscriber.paymentsPlanned,
    }),
    // The payer as they gave themselves on Checkout; Stripe's invoice copy of the customer otherwise.
    payerEmail: first?.payerEmail ?? invoice.customer_email ?? null,
    payerName: first?.payerName ?? invoice.customer_name ?? null,
    ...(first?.reference && { reference: first.reference, referenceKey: first.referenceKey }),
    ...(first?.customFields && { customFields: first.customFields }),
    ...(first?.payerPhone && { payerPhone: first.payerPhone }),
  };
  try {
    await deps.payments.create(payment);
  } catch (error) {
    // Another delivery of the same invoice created it first: that one is this period's payment.
    const created = await deps.payments.get(paymentId);
    if (!created) throw error;
    return created;
  }
  return payment;
}

/** Writes the payment's id on the intent and its charge, as Checkout's metadata does for one-off payments. */
async function namePaymentOnStripe(paymentId: string, intentId: string, deps: RecurringDeps, account: string) {
  const options = { stripeAccount: account };
  const intent = await deps.stripe.paymentIntents.retrieve(intentId, {}, options);
  if (intent.metadata?.paymentId === paymentId) return;
  await deps.stripe.paymentIntents.update(intentId, { metadata: { paymentId } }, options);
  const chargeId = idOf(intent.latest_charge as IdOrObject);
  if (chargeId) await deps.stripe.charges.update(chargeId, { metadata: { paymentId } }, options);
}

/**
 * A renewal declined. While Stripe has a retry left the subscriber is past due, the payer is asked to update
 * their card and the merchant is told. With none left Paylink ends the subscription itself, whatever the
 * connected account's own retry settings would do, and says why (#158). Answers the ended subscription.
 */
async function renewalDeclined(
  invoiceId: string,
  subscriber: SubscriberRecord,
  subscription: StripeSubscription,
  deps: RecurringDeps,
): Promise<StripeSubscription | undefined> {
  if (hasEnded(subscriber.status)) return undefined;
  const invoice = await deps.stripe.invoices.retrieve(invoiceId, {}, { stripeAccount: subscriber.stripeAccountId });
  if (invoice.status === 'paid' || invoice.status === 'void') return undefined;
  if (invoice.next_payment_attempt !== null) {
    await deps.tellOfDecline(subscriber, { ended: false });
    return undefined;
  }
  // Stripe's own "cancel after the last retry" (the account's setting, #151) may have ended it already.
  if (subscription.status === 'canceled') {
    await deps.tellOfDecline(subscriber, { ended: true });
    return subscription;
  }
  const ended = await deps.stripe.subscriptions.cancel(
    subscriber.subscriptionId,
    { cancellation_details: { comment: CANCELLED_BY.lastRetry } },
    { stripeAccount: subscriber.stripeAccountId, idempotencyKey: `last-retry-${subscriber.subscriptionId}` },
  );
  await deps.tellOfDecline(subscriber, { ended: true });
  return ended;
}
