/**
 * Subscriptions, on the platform (Paylink's own plan) and on connected accounts (a merchant's recurring
 * link, direct charges with `application_fee_percent`): what Checkout starts, and the ways they are
 * cancelled — now, at the period's end, or at `cancel_at`. Their renewals, retries and the test clock that
 * drives them: subscription-renewals.ts. In this API version `current_period_*` live only on subscription
 * items, and invoices name their subscription under `parent.subscription_details`.
 */
import { periodEndAfter } from './billing-periods';
import { cancellationDetailsParam } from './cancellation-details';
import { timeFor } from './clock-time';
import { metadataParam, optionalBoolean, optionalInteger, optionalString, type Params } from './form-params';
import type { Price } from './customers-and-prices';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { listPage } from './list-page';
import { StripeApiError, invalidParameter } from './stripe-error';
import { createInvoice, finalizeAndPay, type Invoice, type OneTimeLine } from './subscription-invoices';

export interface SubscriptionItem extends StripeObject {
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';

export interface Subscription extends StripeObject {
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  /** The day periods are counted from (billing-periods.ts); the start, or the trial's end. */
  billing_cycle_anchor: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: {
    comment: string | null;
    feedback: string | null;
    reason: 'cancellation_requested' | 'payment_failed' | null;
  };
  latest_invoice: string | null;
  default_payment_method: string | null;
  /** The platform's share of each invoice on a connected account, in percent (Stripe's field). */
  application_fee_percent: number | null;
  test_clock: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
}

const DAY_SECONDS = 86_400;

/**
 * When the trial asked for ends if it starts `now` (null for none): `trial_end` as given, or
 * `trial_period_days` from now. Checkout quotes it before the payer subscribes.
 */
export function trialEndAfter(
  now: number,
  trial: { trialPeriodDays: number | null; trialEnd: number | null },
): number | null {
  if (trial.trialEnd !== null) return trial.trialEnd;
  return trial.trialPeriodDays ? now + trial.trialPeriodDays * DAY_SECONDS : null;
}

export function recurringOf(subscription: Subscription) {
  return subscription.items.data[0]!.price.recurring ?? { interval: 'month', interval_count: 1 };
}

/**
 * What Checkout does for a subscription, at the customer's test clock's time if they have one: the
 * subscription (trialing if asked, else `incomplete` until its first invoice is paid on the card, then
 * `active`) and that first invoice, with Stripe's events in Stripe's order.
 */
export function startSubscription(
  context: SandboxContext,
  options: {
    customer: string;
    price: Price;
    quantity: number;
    /** Checkout's one-time prices, billed on the first invoice only (none on a renewal). */
    oneTimeLines?: readonly OneTimeLine[];
    trialPeriodDays: number | null;
    trialEnd: number | null;
    metadata: Record<string, string>;
    paymentMethod: string;
    applicationFeePercent: number | null;
  },
  account: string | null,
) {
  const testClock = (context.store.find(options.customer, account)?.test_clock as string | null | undefined) ?? null;
  const now = timeFor(context, testClock, account);
  const trialEnd = trialEndAfter(now, options);
  const recurring = options.price.recurring ?? { interval: 'month', interval_count: 1 };
  const periodEnd = trialEnd ?? periodEndAfter(now, recurring, 1);
  const subscriptionId = newId('sub', 24);
  const subscription: Subscription = {
    id: subscriptionId,
    object: 'subscription',
    customer: options.customer,
    status: trialEnd ? 'trialing' : 'incomplete',
    currency: options.price.currency,
    collection_method: 'charge_automatically',
    billing_cycle_anchor: trialEnd ?? now,
    default_payment_method: options.paymentMethod,
    application_fee_percent: options.applicationFeePercent,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    start_date: now,
    created: now,
    latest_invoice: null,
    test_clock: testClock,
    metadata: options.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si', 14),
          object: 'subscription_item',
          price: options.price,
          quantity: options.quantity,
          current_period_start: now,
          current_period_end: periodEnd,
          subscription: subscriptionId,
          created: now,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    livemode: false,
  };
  context.store.put(subscription, account);
  context.emit('customer.subscription.created', subscription, { account, at: now });
  const invoice = createInvoice(
    context,
    subscription,
    {
      billingReason: 'subscription_create',
      amount: trialEnd ? 0 : options.price.unit_amount * options.quantity,
      oneTimeLines: options.oneTimeLines ?? [],
      periodStart: now,
      periodEnd: now,
      at: now,
    },
    account,
  );
  subscription.latest_invoice = invoice.id;
  finalizeAndPay(context, invoice, subscription, now, account);
  if (subscription.status === 'incomplete' && invoice.status === 'paid') {
    subscription.status = 'active';
    context.emit('customer.subscription.updated', subscription, {
      account,
      at: now,
      previousAttributes: { status: 'incomplete' },
    });
  }
  return { subscription, invoice };
}

function assertNotCanceled(subscription: Subscription) {
  if (subscription.status === 'canceled') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `A canceled subscription can only update its cancellation_details and metadata.`,
      'resource_missing',
    );
  }
}

export function cancelAtPeriodEnd(context: SandboxContext, subscription: Subscription, account: string | null) {
  assertNotCanceled(subscription);
  if (subscription.cancel_at_period_end) return subscription;
  const previousAttributes = { cancel_at_period_end: false, cancel_at: subscription.cancel_at };
  subscription.cancel_at_period_end = true;
  subscription.cancel_at = subscription.items.data[0]!.current_period_end;
  context.emit('customer.subscription.updated', subscription, { account, previousAttributes });
  return subscription;
}

export function resumeSubscription(context: SandboxContext, subscription: Subscription, account: string | null) {
  assertNotCanceled(subscription);
  if (!subscription.cancel_at_period_end && subscription.cancel_at === null) return subscription;
  const previousAttributes = {
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: subscription.cancel_at,
  };
  subscription.cancel_at_period_end = false;
  subscription.cancel_at = null;
  context.emit('customer.subscription.updated', subscription, { account, previousAttributes });
  return subscription;
}

/** `DELETE /v1/subscriptions/:id`: ended now, with the app's `cancellation_details` if it gave them. */
export function cancelFromParams(
  context: SandboxContext,
  subscription: Subscription,
  params: Params,
  account: string | null,
) {
  const details = cancellationDetailsParam(params);
  assertNotCanceled(subscription);
  Object.assign(subscription.cancellation_details, details);
  return cancelNow(context, subscription, account);
}

/**
 * Ended now (or at `at`, the test clock's moment): `customer.subscription.deleted`, and its open invoices
 * are no longer retried. `reason` is Stripe's `cancellation_details.reason`; a comment or feedback the app
 * wrote earlier (on the update that set it to cancel) stays.
 */
export function cancelNow(
  context: SandboxContext,
  subscription: Subscription,
  account: string | null,
  { reason = 'cancellation_requested', at }: { reason?: 'cancellation_requested' | 'payment_failed'; at?: number } = {},
) {
  assertNotCanceled(subscription);
  const now = at ?? timeFor(context, subscription.test_clock, account);
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  subscription.cancellation_details = { ...subscription.cancellation_details, reason };
  for (const invoice of openInvoicesOf(context, subscription, account)) invoice.next_payment_attempt = null;
  context.emit('customer.subscription.deleted', subscription, { account, at: now });
  return subscription;
}

/** The subscription's invoices still open (unpaid after a failed attempt), oldest first. */
export function openInvoicesOf(context: SandboxContext, subscription: Subscription, account: string | null) {
  return context.store.objectsOfKind<Invoice>(
    'invoice',
    (invoice) =>
      invoice.status === 'open' &&
      invoice.parent.subscription_details.subscription === subscription.id &&
      context.store.accountOf(invoice.id) === account,
  );
}

/**
 * `cancel_at`: a time (at the end of a period, the subscription simply stops renewing there; inside one,
 * that period is prorated, as Stripe does), `min_period_end` / `max_period_end` (the current period's end,
 * with one item), or `""` to clear it. A set number of payments is this (docs/decisions.md #152).
 */
function setCancelAt(context: SandboxContext, subscription: Subscription, params: Params, account: string | null) {
  const raw = params.cancel_at;
  if (raw === undefined) return;
  assertNotCanceled(subscription);
  const periodEnd = subscription.items.data[0]!.current_period_end;
  const cancelAt =
    raw === ''
      ? null
      : raw === 'min_period_end' || raw === 'max_period_end'
        ? periodEnd
        : optionalInteger(params, 'cancel_at')!;
  if (cancelAt !== null && cancelAt <= timeFor(context, subscription.test_clock, account)) {
    throw invalidParameter('cancel_at', 'cancel_at must be in the future.');
  }
  const previousAttributes = {
    cancel_at: subscription.cancel_at,
    cancel_at_period_end: subscription.cancel_at_period_end,
  };
  subscription.cancel_at = cancelAt;
  subscription.cancel_at_period_end = false;
  context.emit('customer.subscription.updated', subscription, { account, previousAttributes });
}

/** `POST /v1/subscriptions/:id`: the fields the app changes. */
export function updateSubscription(
  context: SandboxContext,
  subscription: Subscription,
  params: Params,
  account: string | null,
) {
  const details = cancellationDetailsParam(params);
  // A canceled subscription takes only its cancellation_details and metadata, as Stripe says.
  if (params.cancel_at !== undefined || params.cancel_at_period_end !== undefined) assertNotCanceled(subscription);
  if (params.metadata !== undefined) subscription.metadata = metadataParam(params, 'metadata', subscription.metadata);
  Object.assign(subscription.cancellation_details, details);
  setCancelAt(context, subscription, params, account);
  const cancel = optionalBoolean(params, 'cancel_at_period_end');
  if (cancel === true) cancelAtPeriodEnd(context, subscription, account);
  if (cancel === false) resumeSubscription(context, subscription, account);
  return subscription;
}

const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'all'] as const;

/**
 * `GET /v1/subscriptions?customer=&status=&test_clock=`: newest first. Without `status` Stripe leaves
 * canceled ones out; `status=all` includes them.
 */
export function listSubscriptions(context: SandboxContext, params: Params, account: string | null) {
  const customer = optionalString(params, 'customer');
  const status = optionalString(params, 'status');
  const testClock = optionalString(params, 'test_clock');
  if (status !== undefined && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
    throw invalidParameter('status', `Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`);
  }
  const subscriptions = context.store
    .objectsOfKind<Subscription>(
      'subscription',
      (subscription) =>
        context.store.accountOf(subscription.id) === account &&
        (customer === undefined || subscription.customer === customer) &&
        (testClock === undefined || subscription.test_clock === testClock) &&
        (status === 'all' ||
          (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)),
    )
    .reverse();
  return listPage(subscriptions, params, '/v1/subscriptions');
}

/** `GET /v1/invoices?customer=&subscription=&status=`: newest first. */
export function listInvoices(context: SandboxContext, params: Params, account: string | null) {
  const customer = optionalString(params, 'customer');
  const subscription = optionalString(params, 'subscription');
  const status = optionalString(params, 'status');
  const invoices = context.store
    .objectsOfKind<Invoice>(
      'invoice',
      (invoice) =>
        context.store.accountOf(invoice.id) === account &&
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.parent.subscription_details.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    )
    .reverse();
  return listPage(invoices, params, '/v1/invoices');
}
