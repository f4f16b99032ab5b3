/**
 * The Business plan: a 30-day free trial from sign-up, then NZD 29/month through Stripe Billing on
 * Paylink's own account. One rule decides access, for the dashboard's gates and the API alike.
 */
import type { StripePort, StripeSubscription } from './stripe-port';
import { BUSINESS_PLAN_PRICE_CENTS, BRAND_NAME, DEFAULT_CURRENCY } from '@shared/brand';
import {
  SUBSCRIPTION_REQUIRED_CODE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
  type AccessState,
  type SubscriptionStatus,
} from '@shared/contracts/subscription';
import type { StripeTrip } from '@shared/contracts/stripe-connection';
import { HttpError } from './http-error';
import {
  isSubscribed,
  PAYING_STATUSES,
  requireMerchant,
  type MerchantRecord,
  type MerchantRepository,
  type MerchantSubscription,
} from './merchants';
import { duringStripeCall } from './stripe-errors';
import type { Telemetry } from './telemetry';

/** The product's words when the dashboard's upgrade and portal buttons fail, with Stripe's reason. */
const checkoutFailed = (message: string) => `Failed to create checkout: ${message}`;
const portalFailed = (message: string) => `Failed to open portal: ${message}`;

const DAY_MS = 24 * 60 * 60 * 1000;
export function accessStateOf(merchant: Pick<MerchantRecord, 'trialEndsAt' | 'subscription'>, now: Date): AccessState {
  if (isSubscribed(merchant.subscription)) return 'subscribed';
  return Date.parse(merchant.trialEndsAt) > now.getTime() ? 'trial' : 'expired';
}

export function subscriptionStatusOf(merchant: MerchantRecord, now: Date): SubscriptionStatus {
  const subscribed = isSubscribed(merchant.subscription);
  const msLeft = Date.parse(merchant.trialEndsAt) - now.getTime();
  return {
    subscribed,
    subscription_tier: subscribed ? 'Business' : 'Trial',
    subscription_end: merchant.subscription?.currentPeriodEnd ?? null,
    cancel_at_period_end: merchant.subscription?.cancelAtPeriodEnd ?? false,
    trial_end: merchant.trialEndsAt,
    trial_days_left: Math.max(0, Math.ceil(msLeft / DAY_MS)),
    access: accessStateOf(merchant, now),
    trialing: subscribed ? merchant.subscription?.status === 'trialing' : msLeft > 0,
  };
}

/** Every gated action (creating or activating links) calls this first: the server keeps the same rule as the screens. */
export function assertMayUseGatedFeatures(merchant: MerchantRecord, now: Date): void {
  if (accessStateOf(merchant, now) === 'expired') {
    throw new HttpError(403, SUBSCRIPTION_REQUIRED_CODE, SUBSCRIPTION_REQUIRED_MESSAGE);
  }
}

/** Stripe's subscription, reduced to what Paylink keeps. In this API version the period lives on the items. */
export function merchantSubscriptionOf(subscription: StripeSubscription): MerchantSubscription {
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  const endsAt = subscription.cancel_at ?? subscription.ended_at ?? periodEnd ?? null;
  return {
    id: subscription.id,
    status: subscription.status,
    currentPeriodEnd: endsAt ? new Date(endsAt * 1000).toISOString() : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
}

/** What the plan needs of Stripe Billing on Paylink's own account (the Stripe client's calls, nothing more). */
export interface PlanBilling {
  /** Every subscription of the customer, cancelled ones included, newest first as Stripe lists them. */
  listSubscriptions(customerId: string): Promise<StripeSubscription[]>;
  cancelSubscription(subscriptionId: string): Promise<void>;
}

export function planBillingOf(stripe: StripePort): PlanBilling {
  return {
    async listSubscriptions(customer) {
      const subscriptions: StripeSubscription[] = [];
      for await (const subscription of stripe.subscriptions.list({ customer, status: 'all', limit: 100 })) {
        subscriptions.push(subscription);
      }
      return subscriptions;
    },
    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
  };
}

/**
 * Of a customer's subscriptions (newest first), the one that gives the plan and the paying ones that duplicate it. The
 * plan is the first the merchant took out that still pays (one not set to cancel before one that is);
 * with none paying, the newest, so a cancelled plan shows as cancelled.
 */
export function planAmong(subscriptions: readonly StripeSubscription[]): {
  plan: StripeSubscription | undefined;
  duplicates: StripeSubscription[];
} {
  // Oldest first; a stable sort keeps Stripe's order for two made in the same second.
  const paying = [...subscriptions]
    .reverse()
    .filter((subscription) => PAYING_STATUSES.has(subscription.status))
    .sort(
      (a, b) =>
        Number(a.cancel_at_period_end ?? false) - Number(b.cancel_at_period_end ?? false) || a.created - b.created,
    );
  return { plan: paying[0] ?? subscriptions[0], duplicates: paying.slice(1) };
}

/**
 * Reads the merchant's plan from all of their subscriptions in Stripe and records it, whatever event (or
 * none) prompted the read: an event about one subscription can then never overwrite the plan another
 * gives. A second paying subscription — two tabs upgrading at once — is cancelled on the spot: Upgrade
 * passes the rest of the trial on, so a duplicate made during the trial has charged nothing; one that
 * charged (both tabs after the trial) is raised as an anomaly for the operator to refund
 * (docs/runbook.md, "A duplicate subscription").
 */
export async function syncPlanWithStripe(
  merchantId: string,
  customerId: string,
  deps: { merchants: MerchantRepository; billing: PlanBilling; telemetry: Telemetry; readAt: number },
): Promise<MerchantSubscription | undefined> {
  const { plan, duplicates } = planAmong(await deps.billing.listSubscriptions(customerId));
  for (const duplicate of duplicates) {
    await deps.billing.cancelSubscription(duplicate.id);
    deps.telemetry.countAnomaly('duplicate_subscription_cancelled');
    deps.telemetry.log.warn('Duplicate subscription cancelled', {
      merchantId,
      subscriptionId: duplicate.id,
      keptSubscriptionId: plan?.id,
      // Trialing: nothing was charged. Otherwise its first invoice was paid and wants a refund.
      charged: duplicate.status !== 'trialing',
    });
  }
  if (!plan) return undefined;
  const subscription = merchantSubscriptionOf(plan);
  await deps.merchants.recordSubscription(merchantId, subscription, deps.readAt);
  return subscription;
}

/** Paylink's Stripe customer for this merchant, created once. */
async function customerFor(merchant: MerchantRecord, deps: { stripe: StripePort; merchants: MerchantRepository }) {
  if (merchant.stripeCustomerId) return merchant.stripeCustomerId;
  const customer = await deps.stripe.customers.create(
    {
      email: merchant.email,
      name: merchant.companyName ?? merchant.fullName,
      metadata: { merchantId: merchant.merchantId },
    },
    { idempotencyKey: `paylink-customer-${merchant.merchantId}` },
  );
  return deps.merchants.attachStripeCustomer(merchant.merchantId, customer.id);
}

/**
 * Checkout in subscription mode, NZD 29/month. A merchant who subscribes during the free trial keeps the
 * rest of it: Stripe starts charging when the trial would have ended.
 */
export async function startSubscriptionCheckout(
  merchantId: string,
  trip: StripeTrip,
  deps: { stripe: StripePort; merchants: MerchantRepository; appOrigin: string; telemetry: Telemetry; now: Date },
): Promise<{ url: string }> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  const alreadySubscribed = () =>
    new HttpError(
      409,
      'already_subscribed',
      'You are already on the Business plan. Manage it from the billing portal.',
    );
  // Paylink's record may lag Stripe either way (an event still on its way, or lost): ask Stripe, and record
  // what it says, before selling a second plan or refusing one — a record still saying "active" after the
  // subscription's deletion event was lost must not keep the merchant from subscribing again
  // (docs/decisions.md #116). Without a Stripe customer there is nothing to ask.
  if (!merchant.stripeCustomerId) {
    if (isSubscribed(merchant.subscription)) throw alreadySubscribed();
  } else {
    const customerId = merchant.stripeCustomerId;
    const current = await duringStripeCall(
      () =>
        syncPlanWithStripe(merchantId, customerId, {
          merchants: deps.merchants,
          billing: planBillingOf(deps.stripe),
          telemetry: deps.telemetry,
          readAt: deps.now.getTime(),
        }),
      checkoutFailed,
      deps.telemetry,
    );
    if (isSubscribed(current)) throw alreadySubscribed();
  }
  const customer = await duringStripeCall(() => customerFor(merchant, deps), checkoutFailed, deps.telemetry);
  const trial = trialOf(merchant, deps.now);
  const session = await duringStripeCall(
    () =>
      deps.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: DEFAULT_CURRENCY,
              unit_amount: BUSINESS_PLAN_PRICE_CENTS,
              recurring: { interval: 'month' },
              product_data: { name: `${BRAND_NAME} Business` },
            },
          },
        ],
        subscription_data: {
          metadata: { merchantId },
          ...trial,
        },
        metadata: { merchantId },
        // Back to the page the upgrade began on (docs/decisions.md #87).
        success_url: `${deps.appOrigin}${trip.returnTo ?? '/dashboard'}?subscription=success`,
        cancel_url: `${deps.appOrigin}${trip.returnTo ?? '/dashboard'}`,
      }),
    checkoutFailed,
    deps.telemetry,
  );
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
  return { url: session.url };
}

/** Stripe's Checkout refuses a `trial_end` closer than 48 hours. */
const MIN_TRIAL_END_MS = (48 * 60 + 1) * 60 * 1000; // 48 hours, and a minute for the clocks

/**
 * The rest of Paylink's trial, as the subscription's own trial (docs/decisions.md #87): its exact end
 * (`trial_end`), so Checkout states the first charge's date and Stripe charges when Paylink's trial ends;
 * within Stripe's 48 hours of it, the whole days left (at most a day more); none once it has ended.
 */
export function trialOf(
  merchant: Pick<MerchantRecord, 'trialEndsAt'>,
  now: Date,
): { trial_end: number } | { trial_period_days: number } | Record<string, never> {
  const msLeft = Date.parse(merchant.trialEndsAt) - now.getTime();
  if (msLeft >= MIN_TRIAL_END_MS) return { trial_end: Math.floor(Date.parse(merchant.trialEndsAt) / 1000) };
  if (msLeft > 0) return { trial_period_days: Math.ceil(msLeft / DAY_MS) };
  return {};
}

export async function openBillingPortal(
  merchantId: string,
  trip: StripeTrip,
  deps: { stripe: StripePort; merchants: MerchantRepository; appOrigin: string; telemetry: Telemetry },
): Promise<{ url: string }> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  if (!merchant.stripeCustomerId) {
    throw new HttpError(409, 'no_subscription', 'There is no subscription to manage yet. Upgrade to Business first.');
  }
  const customer = merchant.stripeCustomerId;
  const portal = await duringStripeCall(
    () =>
      deps.stripe.billingPortal.sessions.create({
        customer,
        return_url: `${deps.appOrigin}${trip.returnTo ?? '/dashboard'}`,
      }),
    portalFailed,
    deps.telemetry,
  );
  return { url: portal.url };
}
