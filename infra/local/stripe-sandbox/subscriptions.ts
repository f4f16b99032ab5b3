/**
 * The platform's subscriptions with a trial, their invoices, and what the billing portal and the
 * `end_trial` test control do to them. In this API version `current_period_*` live only on subscription
 * items, and invoices name their subscription under `parent.subscription_details`.
 */
import { metadataParam, optionalBoolean, optionalString, requiredString, type Params } from './form-params';
import type { Price } from './customers-and-prices';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { listPage } from './list-page';
import { StripeApiError, invalidParameter, noSuchObject } from './stripe-error';

export interface SubscriptionItem extends StripeObject {
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription extends StripeObject {
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
}

const DAY_SECONDS = 86_400;

function addOneMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function invoiceFor(
  context: SandboxContext,
  subscription: Subscription,
  options: { billingReason: string; amount: number; paid: boolean; periodStart: number; periodEnd: number },
) {
  const item = subscription.items.data[0]!;
  const now = context.now();
  return {
    id: newId('in', 24),
    object: 'invoice',
    customer: subscription.customer,
    status: options.paid ? 'paid' : 'open',
    amount_due: options.amount,
    amount_paid: options.paid ? options.amount : 0,
    amount_remaining: options.paid ? 0 : options.amount,
    currency: item.price.currency,
    billing_reason: options.billingReason,
    collection_method: 'charge_automatically',
    attempted: true,
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
          currency: item.price.currency,
          description: `${item.quantity} × subscription`,
          quantity: item.quantity,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product } },
        },
      ],
      has_more: false,
    },
    status_transitions: { finalized_at: now, paid_at: options.paid ? now : null },
    created: now,
    livemode: false,
  };
}

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

/** What Checkout does for a subscription: the subscription (trialing if asked) and its first invoice. */
export function startSubscription(
  context: SandboxContext,
  options: {
    customer: string;
    price: Price;
    quantity: number;
    trialPeriodDays: number | null;
    trialEnd: number | null;
    metadata: Record<string, string>;
    paymentMethod: string;
  },
  account: string | null,
) {
  const now = context.now();
  const trialEnd = trialEndAfter(now, options);
  const periodEnd = trialEnd ?? addOneMonth(now);
  const subscriptionId = newId('sub', 24);
  const subscription: Subscription = {
    id: subscriptionId,
    object: 'subscription',
    customer: options.customer,
    status: trialEnd ? 'trialing' : 'active',
    currency: options.price.currency,
    collection_method: 'charge_automatically',
    default_payment_method: options.paymentMethod,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    start_date: now,
    created: now,
    latest_invoice: null,
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
  const invoice = invoiceFor(context, subscription, {
    billingReason: 'subscription_create',
    amount: trialEnd ? 0 : options.price.unit_amount * options.quantity,
    paid: true,
    periodStart: now,
    periodEnd: now,
  });
  subscription.latest_invoice = invoice.id;
  context.store.put(subscription, account);
  context.store.put(invoice, account);
  context.emit('customer.subscription.created', subscription, { account });
  context.emit('invoice.paid', invoice, { account });
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
  if (!subscription.cancel_at_period_end) return subscription;
  const previousAttributes = { cancel_at_period_end: true, cancel_at: subscription.cancel_at };
  subscription.cancel_at_period_end = false;
  subscription.cancel_at = null;
  context.emit('customer.subscription.updated', subscription, { account, previousAttributes });
  return subscription;
}

export function cancelNow(context: SandboxContext, subscription: Subscription, account: string | null) {
  assertNotCanceled(subscription);
  const now = context.now();
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  context.emit('customer.subscription.deleted', subscription, { account });
  return subscription;
}

/** `POST /v1/subscriptions/:id`: the fields the app changes. */
export function updateSubscription(
  context: SandboxContext,
  subscription: Subscription,
  params: Params,
  account: string | null,
) {
  if (params.metadata !== undefined) subscription.metadata = metadataParam(params, 'metadata', subscription.metadata);
  const cancel = optionalBoolean(params, 'cancel_at_period_end');
  if (cancel === true) cancelAtPeriodEnd(context, subscription, account);
  if (cancel === false) resumeSubscription(context, subscription, account);
  return subscription;
}

/**
 * Test-only (`POST /_emu/subscriptions/:id/end_trial`): the trial ends now and the first real invoice
 * is paid, or with `fail` it is not and the subscription goes `past_due`.
 */
export function endTrial(context: SandboxContext, subscription: Subscription, fail: boolean, account: string | null) {
  if (subscription.status !== 'trialing') {
    throw invalidParameter('subscription', `Subscription ${subscription.id} is ${subscription.status}, not trialing.`);
  }
  const now = context.now();
  const previousAttributes = {
    status: subscription.status,
    trial_end: subscription.trial_end,
    latest_invoice: subscription.latest_invoice,
  };
  const item = subscription.items.data[0]!;
  item.current_period_start = now;
  item.current_period_end = addOneMonth(now);
  const invoice = invoiceFor(context, subscription, {
    billingReason: 'subscription_cycle',
    amount: item.price.unit_amount * item.quantity,
    paid: !fail,
    periodStart: now,
    periodEnd: item.current_period_end,
  });
  subscription.trial_end = now;
  subscription.status = fail ? 'past_due' : 'active';
  subscription.latest_invoice = invoice.id;
  context.store.put(invoice, account);
  context.emit('customer.subscription.updated', subscription, { account, previousAttributes });
  context.emit(fail ? 'invoice.payment_failed' : 'invoice.paid', invoice, { account });
  return subscription;
}

const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'all'] as const;

/**
 * `GET /v1/subscriptions?customer=&status=`: newest first. Without `status` Stripe leaves canceled ones
 * out; `status=all` includes them.
 */
export function listSubscriptions(context: SandboxContext, params: Params, account: string | null) {
  const customer = optionalString(params, 'customer');
  const status = optionalString(params, 'status');
  if (status !== undefined && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
    throw invalidParameter('status', `Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`);
  }
  const subscriptions = context.store
    .objectsOfKind<Subscription>(
      'subscription',
      (subscription) =>
        context.store.accountOf(subscription.id) === account &&
        (customer === undefined || subscription.customer === customer) &&
        (status === 'all' ||
          (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)),
    )
    .reverse();
  return listPage(subscriptions, params, '/v1/subscriptions');
}

export function createPortalSession(context: SandboxContext, params: Params, account: string | null) {
  const customerId = requiredString(params, 'customer');
  if (!context.store.find(customerId, account)) throw noSuchObject('customer', customerId, 'customer');
  const session = {
    id: newId('bps', 24),
    object: 'billing_portal.session',
    customer: customerId,
    return_url: optionalString(params, 'return_url') ?? null,
    url: '',
    created: context.now(),
    livemode: false,
  };
  session.url = `${context.baseUrl}/portal/${session.id}`;
  return context.store.put(session, account);
}
