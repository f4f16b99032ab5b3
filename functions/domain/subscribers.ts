/**
 * A recurring link's subscribers (issue 45): one record per payer's Stripe subscription on the merchant's
 * connected account. Its state is Stripe's as last read (never an event's payload), the newest read wins and
 * an ended one stays ended (docs/decisions.md #155); its periods paid are the invoice ids it has counted, so a
 * redelivered or reordered invoice event counts once (#156).
 */
import { createHash } from 'node:crypto';
import type { Subscriber, SubscriberStatus } from '@shared/contracts/subscribers';
import type { RepeatEvery } from '@shared/recurring';
import { HttpError } from './http-error';
import type { StripePort, StripeSubscription } from './stripe-port';

export interface SubscriberRecord {
  subscriptionId: string;
  merchantId: string;
  linkId: string;
  linkTitle: string;
  /** The merchant's connected account the subscription lives on. */
  stripeAccountId: string;
  /** The payer as a customer on that account: the billing portal opens for them. */
  customerId: string;
  /** The Checkout's payment: the first period's payment (#156). */
  firstPaymentId: string;
  /** Random at creation: the renewal payment ids are a hash of it and the invoice id (#156). */
  paymentSalt: string;
  payerName: string | null;
  payerEmail: string | null;
  amountCents: number;
  currency: string;
  every: RepeatEvery;
  paymentsPlanned: number | null;
  /** The invoices counted as paid periods, once each. */
  paidInvoiceIds?: Set<string>;
  status: SubscriberStatus;
  nextPaymentAt: string | null;
  endsAtPeriodEnd: boolean;
  endedReason: string | null;
  /** Milliseconds of the Stripe read the state came from: an older read never overwrites a newer (#155). */
  stateReadAt: number;
  createdAt: string;
  updatedAt: string;
}

/** What a Stripe read says of a subscriber. */
export type SubscriberState = Pick<SubscriberRecord, 'status' | 'nextPaymentAt' | 'endsAtPeriodEnd' | 'endedReason'>;

export interface SubscriberRepository {
  get(subscriptionId: string): Promise<SubscriberRecord | undefined>;
  /** Stores the record unless one exists; answers the record as stored (the first writer's salt and ids). */
  createIfAbsent(record: SubscriberRecord): Promise<SubscriberRecord>;
  /**
   * Writes the state read at `readAt` unless a later read is stored or the stored one has ended; answers
   * whether it was written.
   */
  recordState(subscriptionId: string, state: SubscriberState, readAt: number, now: Date): Promise<boolean>;
  /** Adds the invoice to the periods paid (a set: a repeat adds nothing); answers the record afterwards. */
  addPaidInvoice(subscriptionId: string, invoiceId: string, now: Date): Promise<SubscriberRecord>;
  /**
   * Writes the payer's name and email when the record has no email yet (it was created from an event that came
   * before the Checkout's own); answers the record afterwards, unchanged when it had one.
   */
  fillPayer(
    subscriptionId: string,
    payer: Pick<SubscriberRecord, 'payerName' | 'payerEmail'>,
    now: Date,
  ): Promise<SubscriberRecord | undefined>;
  /** The merchant's subscribers, newest first, of one link when `linkId` is given. */
  listOfMerchant(merchantId: string, linkId?: string): Promise<SubscriberRecord[]>;
}

/** Ended: nothing Stripe says later moves it again. */
export function hasEnded(status: SubscriberStatus): boolean {
  return status === 'cancelled' || status === 'completed';
}

/** `cancellation_details.comment` Paylink writes when it ends a subscription, so the reason can be told. */
export const CANCELLED_BY = {
  merchant: 'paylink:merchant',
  lastPayment: 'paylink:last-payment',
  lastRetry: 'paylink:last-retry-declined',
} as const;

/** Why it ended, in the merchant's words (Stripe's `cancellation_details`, and Paylink's own comment). */
export function endedReasonOf(
  subscription: Pick<StripeSubscription, 'cancellation_details'>,
  paymentsMade: number,
  paymentsPlanned: number | null,
): string {
  if (paymentsPlanned !== null && paymentsMade >= paymentsPlanned) return `All ${paymentsPlanned} payments were made.`;
  const details = subscription.cancellation_details;
  // Ended with its last period (#231) while a declined payment was still being retried.
  if (details?.comment === CANCELLED_BY.lastPayment) return 'Its last period ended with a payment still unpaid.';
  if (details?.comment === CANCELLED_BY.merchant) return 'You cancelled it.';
  if (details?.reason === 'payment_failed' || details?.comment === CANCELLED_BY.lastRetry)
    return "The payer's card was declined on the last retry.";
  if (details?.reason === 'payment_disputed') return 'The payer disputed a payment.';
  return 'The payer cancelled it.';
}

/**
 * A subscriber's state from the subscription as Stripe has it now. Stripe's `past_due` and `unpaid` (retries
 * running or spent) read as past due; `incomplete` (the first payment not through) too; `canceled` and
 * `incomplete_expired` have ended — completed when every planned payment was made.
 */
export function subscriberStateOf(
  subscription: StripeSubscription,
  paymentsMade: number,
  paymentsPlanned: number | null,
): SubscriberState {
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  if (ended) {
    const completed = paymentsPlanned !== null && paymentsMade >= paymentsPlanned;
    return {
      status: completed ? 'completed' : 'cancelled',
      nextPaymentAt: null,
      endsAtPeriodEnd: false,
      endedReason: endedReasonOf(subscription, paymentsMade, paymentsPlanned),
    };
  }
  const endsAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  const periodEnd = subscription.items.data[0]?.current_period_end;
  const running = subscription.status === 'active' || subscription.status === 'trialing';
  return {
    status: running ? 'active' : 'past_due',
    nextPaymentAt: !endsAtPeriodEnd && periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    endsAtPeriodEnd,
    endedReason: null,
  };
}

/**
 * A renewal's payment id: `pay_` and 16 base64url characters of SHA-256 over the subscriber's random salt and
 * the invoice id — the same for every delivery of that invoice (so its payment is created once), as
 * unguessable as a Checkout's random one (payments.ts `newPaymentId`).
 */
export function renewalPaymentIdOf(paymentSalt: string, invoiceId: string): string {
  const digest = createHash('sha256').update(`${paymentSalt}:${invoiceId}`).digest('base64url');
  return `pay_${digest.slice(0, 16)}`;
}

/** A period's nominal length: a calendar month or year is within two days of it, well under half a period. */
const NOMINAL_PERIOD_SECONDS: Record<RepeatEvery, number> = {
  week: 7 * 86_400,
  fortnight: 14 * 86_400,
  month: (365.2425 / 12) * 86_400,
  year: 365.2425 * 86_400,
};

/**
 * How many periods the subscription has begun, the one running now included: the whole periods from its anchor to
 * the current period's start, rounded (a short February or a leap year moves a period by days, never by half).
 * Only a count: no time is computed from it, so nothing can be prorated by it (#152).
 */
export function periodsBegunOf(
  subscription: Pick<StripeSubscription, 'billing_cycle_anchor' | 'items'>,
  every: RepeatEvery,
): number {
  const start = subscription.items.data[0]?.current_period_start;
  if (start === undefined) return 0;
  return Math.round((start - subscription.billing_cycle_anchor) / NOMINAL_PERIOD_SECONDS[every]) + 1;
}

export function paymentsMadeOf(record: Pick<SubscriberRecord, 'paidInvoiceIds'>): number {
  return record.paidInvoiceIds?.size ?? 0;
}

/** The Subscribers screen's row. */
export function toSubscriber(record: SubscriberRecord): Subscriber {
  return {
    subscriptionId: record.subscriptionId,
    linkId: record.linkId,
    linkTitle: record.linkTitle,
    payerName: record.payerName,
    payerEmail: record.payerEmail,
    status: record.status,
    amountCents: record.amountCents,
    currency: record.currency,
    every: record.every,
    paymentsPlanned: record.paymentsPlanned,
    paymentsMade: paymentsMadeOf(record),
    nextPaymentAt: record.nextPaymentAt,
    endsAtPeriodEnd: record.endsAtPeriodEnd,
    endedReason: record.endedReason,
    createdAt: record.createdAt,
  };
}

export async function listSubscribers(
  merchantId: string,
  linkId: string | undefined,
  subscribers: Pick<SubscriberRepository, 'listOfMerchant'>,
): Promise<{ subscribers: Subscriber[] }> {
  return { subscribers: (await subscribers.listOfMerchant(merchantId, linkId)).map(toSubscriber) };
}

const subscriberNotFound = () => new HttpError(404, 'subscriber_not_found', 'Subscriber not found');

/**
 * The merchant ends a subscriber now or at the end of the period they paid for (never gated by the plan: a
 * lapsed merchant can still stop charging people, docs/decisions.md #159). Stripe's answer is recorded at
 * once; its event, arriving later, reads the same and changes nothing.
 */
export async function cancelSubscriber(
  merchantId: string,
  subscriptionId: string,
  when: 'now' | 'period_end',
  deps: {
    subscribers: SubscriberRepository;
    stripe: Pick<StripePort, 'subscriptions'>;
    now: Date;
  },
): Promise<Subscriber> {
  const record = await deps.subscribers.get(subscriptionId);
  if (!record || record.merchantId !== merchantId) throw subscriberNotFound();
  if (hasEnded(record.status)) return toSubscriber(record);
  const options = { stripeAccount: record.stripeAccountId, idempotencyKey: `cancel-${subscriptionId}-${when}` };
  const readAt = deps.now.getTime();
  const cancellation_details = { comment: CANCELLED_BY.merchant };
  const subscription =
    when === 'now'
      ? await deps.stripe.subscriptions.cancel(subscriptionId, { cancellation_details }, options)
      : await deps.stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true, cancellation_details },
          options,
        );
  const state = subscriberStateOf(subscription, paymentsMadeOf(record), record.paymentsPlanned);
  await deps.subscribers.recordState(subscriptionId, state, readAt, deps.now);
  return toSubscriber({ ...record, ...state });
}
