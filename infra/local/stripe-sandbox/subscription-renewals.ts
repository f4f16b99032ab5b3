/**
 * What happens to subscriptions as time passes, in the order it would happen: each period's end renews
 * (a new invoice charged on the card) or ends the subscription (`cancel_at`, `cancel_at_period_end`), and
 * each failed invoice is retried on its schedule (subscription-invoices.ts). The status follows the latest
 * invoice: paid is `active`, unpaid `past_due`; when an invoice's last retry fails while the latest invoice
 * is unpaid, the account's setting decides — cancel (the default, `cancellation_details.reason:
 * payment_failed`), mark `unpaid`, or leave it `past_due` (docs/decisions.md #151). A test clock's advance
 * runs these steps up to its new time (test-clocks.ts); `end_trial` runs a trial's end now.
 */
import { periodEndAfter } from './billing-periods';
import { testCardPaymentMethod } from './card-charges';
import { timeFor } from './clock-time';
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';
import { invalidParameter, noSuchObject } from './stripe-error';
import { attemptPayment, createInvoice, finalizeAndPay, finalizeInvoice, type Invoice } from './subscription-invoices';
import { cancelNow, openInvoicesOf, recurringOf, type Subscription } from './subscriptions';

export const AFTER_LAST_RETRY = ['cancel', 'unpaid', 'past_due'] as const;
export type AfterLastRetry = (typeof AFTER_LAST_RETRY)[number];

interface SubscriptionSettings extends StripeObject {
  after_last_retry: AfterLastRetry;
}

const settingsId = (account: string | null) => `subscription_settings_${account ?? 'platform'}`;

/** The sandbox's stand-in for the Dashboard's "if all retries for a payment fail" setting, per account. */
export function setAfterLastRetry(context: SandboxContext, account: string | null, value: string) {
  if (!(AFTER_LAST_RETRY as readonly string[]).includes(value)) {
    throw invalidParameter('after_last_retry', `after_last_retry must be one of ${AFTER_LAST_RETRY.join(', ')}.`);
  }
  return context.store.put<SubscriptionSettings>(
    { id: settingsId(account), object: 'sandbox.subscription_settings', after_last_retry: value as AfterLastRetry },
    account,
  );
}

function afterLastRetry(context: SandboxContext, account: string | null): AfterLastRetry {
  return context.store.find<SubscriptionSettings>(settingsId(account), account)?.after_last_retry ?? 'cancel';
}

/** One thing due to happen to a subscription, and when. */
interface BillingStep {
  at: number;
  run(): void;
}

function nextStep(context: SandboxContext, subscription: Subscription, account: string | null): BillingStep | null {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete') return null;
  const periodEnd = subscription.items.data[0]!.current_period_end;
  const cancelAt = subscription.cancel_at;
  let step: BillingStep =
    cancelAt !== null && cancelAt <= periodEnd
      ? { at: cancelAt, run: () => cancelNow(context, subscription, account, { at: cancelAt }) }
      : { at: periodEnd, run: () => renew(context, subscription, periodEnd, account) };
  for (const invoice of openInvoicesOf(context, subscription, account)) {
    const retryAt = invoice.next_payment_attempt;
    if (retryAt !== null && retryAt < step.at) {
      step = { at: retryAt, run: () => retry(context, subscription, invoice, retryAt, account) };
    }
  }
  return step;
}

/** Runs every step due by `until` across these subscriptions, earliest first. */
export function runBillingUntil(
  context: SandboxContext,
  subscriptions: readonly { subscription: Subscription; account: string | null }[],
  until: number,
) {
  // Each step moves its subscription on (a later period, a later retry, or canceled): this bounds a runaway.
  for (let guard = 0; guard < 10_000; guard++) {
    let due: BillingStep | null = null;
    for (const { subscription, account } of subscriptions) {
      const step = nextStep(context, subscription, account);
      if (step && step.at <= until && (!due || step.at < due.at)) due = step;
    }
    if (!due) return;
    due.run();
  }
}

/** The next period starts at `at`: invoiced and charged (prorated when `cancel_at` falls inside it). */
function renew(context: SandboxContext, subscription: Subscription, at: number, account: string | null) {
  const item = subscription.items.data[0]!;
  const recurring = recurringOf(subscription);
  const previousAttributes: Record<string, unknown> = {
    status: subscription.status,
    latest_invoice: subscription.latest_invoice,
    items: { data: [{ id: item.id, current_period_start: item.current_period_start, current_period_end: at }] },
  };
  let periods = 1;
  while (periodEndAfter(subscription.billing_cycle_anchor, recurring, periods) <= at) periods++;
  const fullEnd = periodEndAfter(subscription.billing_cycle_anchor, recurring, periods);
  const end = subscription.cancel_at !== null && subscription.cancel_at < fullEnd ? subscription.cancel_at : fullEnd;
  const fullAmount = item.price.unit_amount * item.quantity;
  const amount = end === fullEnd ? fullAmount : Math.round((fullAmount * (end - at)) / (fullEnd - at));
  const endedPeriodStart = item.current_period_start;
  item.current_period_start = at;
  item.current_period_end = end;
  if (subscription.status === 'trialing') subscription.trial_end = at;
  const invoice = createInvoice(
    context,
    subscription,
    { billingReason: 'subscription_cycle', amount, periodStart: endedPeriodStart, periodEnd: at, at },
    account,
  );
  subscription.latest_invoice = invoice.id;
  if (subscription.status === 'unpaid') {
    // Stripe still invoices an unpaid subscription but no longer tries to collect.
    finalizeInvoice(context, invoice, at, account);
  } else {
    finalizeAndPay(context, invoice, subscription, at, account);
  }
  subscription.status = statusFromLatest(subscription, invoice);
  context.emit('customer.subscription.updated', subscription, { account, at, previousAttributes });
}

function statusFromLatest(subscription: Subscription, latest: Invoice): Subscription['status'] {
  if (latest.status === 'paid') return 'active';
  return subscription.status === 'unpaid' ? 'unpaid' : 'past_due';
}

function retry(
  context: SandboxContext,
  subscription: Subscription,
  invoice: Invoice,
  at: number,
  account: string | null,
) {
  const previousStatus = subscription.status;
  attemptPayment(context, invoice, subscription, at, account);
  const latest = context.store.find<Invoice>(subscription.latest_invoice ?? '', account) ?? invoice;
  if (invoice.status !== 'paid' && invoice.next_payment_attempt === null && latest.status !== 'paid') {
    // The last retry failed and the subscription is still behind (Stripe looks at the latest invoice).
    const setting = afterLastRetry(context, account);
    if (setting === 'cancel') {
      cancelNow(context, subscription, account, { reason: 'payment_failed', at });
      return;
    }
    if (setting === 'unpaid') subscription.status = 'unpaid';
  } else if (subscription.status !== 'unpaid' || latest.status === 'paid') {
    subscription.status = statusFromLatest(subscription, latest);
  }
  if (subscription.status !== previousStatus) {
    context.emit('customer.subscription.updated', subscription, {
      account,
      at,
      previousAttributes: { status: previousStatus },
    });
  }
}

/**
 * The customer's card from now on (test control `POST /_emu/customers/:id/card`, as if they had updated it
 * in the portal): one of Stripe's test cards, e.g. 4000 0000 0000 0341, whose charges decline, or 4242 4242
 * 4242 4242 to fix it. It becomes the default of the customer and of each of their subscriptions.
 */
export function replaceCustomerCard(
  context: SandboxContext,
  customerId: string,
  cardNumber: string,
  account: string | null,
) {
  const customer = context.store.find(customerId, account);
  if (!customer || customer.object !== 'customer') throw noSuchObject('customer', customerId);
  const paymentMethod = testCardPaymentMethod(cardNumber, customerId);
  if (!paymentMethod) throw invalidParameter('card_number', 'Use one of Stripe’s test card numbers.');
  context.store.put(paymentMethod, account);
  customer.invoice_settings = { default_payment_method: paymentMethod.id };
  context.emit('payment_method.attached', paymentMethod, { account });
  for (const subscription of context.store.objectsOfKind<Subscription>(
    'subscription',
    (candidate) => candidate.customer === customerId && context.store.accountOf(candidate.id) === account,
  )) {
    subscription.default_payment_method = paymentMethod.id;
  }
  return paymentMethod;
}

/**
 * Test-only (`POST /_emu/subscriptions/:id/end_trial`): the trial ends now and the first real invoice is
 * charged; with `fail` the card declines first (Stripe's 0341 test card), so it goes `past_due`.
 */
export function endTrial(context: SandboxContext, subscription: Subscription, fail: boolean, account: string | null) {
  if (subscription.status !== 'trialing') {
    throw invalidParameter('subscription', `Subscription ${subscription.id} is ${subscription.status}, not trialing.`);
  }
  if (fail) replaceCustomerCard(context, subscription.customer, '4000000000000341', account);
  const now = timeFor(context, subscription.test_clock, account);
  subscription.billing_cycle_anchor = now;
  renew(context, subscription, now, account);
  return subscription;
}
