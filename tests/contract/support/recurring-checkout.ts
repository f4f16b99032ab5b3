/**
 * What the recurring contract files share: a merchant's connected account onboarded through the hosted page,
 * and a recurring Checkout on it (direct charges, Paylink's 0.5% as `application_fee_percent`) paid with a
 * test card, read back with its subscription.
 */
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { PAYING_CARD, submitHostedForm } from '@tests/support/stripe-sandbox';

export async function onboardedAccount(stripe: Stripe, email: string) {
  const account = await stripe.accounts.create({
    country: 'NZ',
    email,
    controller: { stripe_dashboard: { type: 'full' }, fees: { payer: 'account' }, losses: { payments: 'stripe' } },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    business_profile: { name: 'Kōwhai Yoga' },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  await (await fetch(link.url)).arrayBuffer();
  expect((await submitHostedForm(link.url, { action: 'complete' })).status).toBe(303);
  return account.id;
}

export interface RecurringCheckoutOptions {
  unitAmount?: number;
  interval?: 'day' | 'week' | 'month' | 'year';
  intervalCount?: number;
  /** An existing customer (one made on a test clock, say); otherwise Checkout makes one from the email. */
  customer?: string;
}

export function createRecurringSession(stripe: Stripe, account: string, options: RecurringCheckoutOptions = {}) {
  return stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'nzd',
            unit_amount: options.unitAmount ?? 2500,
            recurring: { interval: options.interval ?? 'week', interval_count: options.intervalCount ?? 1 },
            product_data: { name: 'Weekly yoga class' },
          },
        },
      ],
      subscription_data: { application_fee_percent: 0.5, metadata: { linkId: 'link-rec-1' } },
      metadata: { linkId: 'link-rec-1' },
      ...(options.customer ? { customer: options.customer } : { customer_email: 'payer@example.co.nz' }),
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/p/link-rec-1',
    },
    { stripeAccount: account },
  );
}

/** Subscribes on the hosted Checkout with a paying card; answers the session with its subscription expanded. */
export async function subscribe(stripe: Stripe, account: string, options: RecurringCheckoutOptions = {}) {
  const session = await createRecurringSession(stripe, account, options);
  const paid = await submitHostedForm(session.url!, {
    email: 'payer@example.co.nz',
    name: 'Aroha Payer',
    card_number: PAYING_CARD,
  });
  expect(paid.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(
    session.id,
    { expand: ['subscription'] },
    { stripeAccount: account },
  );
  return { session: completed, subscription: completed.subscription as Stripe.Subscription };
}

/**
 * A billing portal session on the connected account, through a configuration made there first: a connected
 * account has no default configuration, and Stripe refuses a session without one (docs/decisions.md #253).
 */
export async function payerPortal(
  stripe: Stripe,
  account: string,
  customer: string,
  features: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'immediately' },
  },
) {
  const configuration = await stripe.billingPortal.configurations.create({ features }, { stripeAccount: account });
  return stripe.billingPortal.sessions.create(
    { customer, configuration: configuration.id, return_url: 'http://app.test/p/link-rec-1' },
    { stripeAccount: account },
  );
}
