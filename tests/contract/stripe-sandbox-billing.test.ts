// The platform's own billing through the sandbox with the real SDK: subscription Checkout with a trial,
// the billing portal, the end_trial test control, platform-endpoint webhooks, and state that survives
// a restart from the same data file.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeSandbox, type StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { sandboxStripeClient, startWebhookReceiver, submitHostedForm } from '../support/stripe-sandbox';

const PLATFORM_SECRET = 'whsec_platform_billing';

let sandbox: StripeSandbox;
let stripe: Stripe;
/** 0 (any) for the first start; the restart takes the port the first one got, as a real restart would. */
let port = 0;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dataDirectory: string;

beforeAll(async () => {
  dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'stripe-sandbox-'));
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox();
  port = sandbox.port;
  stripe = sandboxStripeClient(sandbox.url, 'sk_test_billing');
});

afterAll(async () => {
  await sandbox.stop();
  await receiver.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** Started again from the same data file by the persistence test. */
function startSandbox() {
  return startStripeSandbox({
    port,
    dataPath: path.join(dataDirectory, 'stripe.json'),
    platformWebhook: { url: receiver.urlFor('/platform'), secret: PLATFORM_SECRET },
  });
}

const submitForm = submitHostedForm;

async function platformEvents() {
  await sandbox.settled();
  return receiver.received.map((delivery) =>
    stripe.webhooks.constructEvent(delivery.body, delivery.signature, PLATFORM_SECRET),
  );
}

async function trialingSubscription(email: string) {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'nzd',
          unit_amount: 2900,
          recurring: { interval: 'month' },
          product_data: { name: 'Paylink' },
        },
      },
    ],
    subscription_data: { trial_period_days: 30, metadata: { merchantId: 'm-9' } },
    customer_email: email,
    success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing',
  });
  const paid = await submitForm(session.url!, { email, name: 'Mere', card_number: '4242424242424242' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://app.test/billing?session=${session.id}`);
  const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer'] });
  return { session: completed, subscription: completed.subscription as Stripe.Subscription };
}

describe('subscription Checkout with a 30-day trial', () => {
  it('creates the customer, a trialing subscription and a NZ$0 invoice, and tells the platform endpoint', async () => {
    const { session, subscription } = await trialingSubscription('mere@example.co.nz');
    expect(session).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    expect((session.customer as Stripe.Customer).email).toBe('mere@example.co.nz');
    expect(subscription).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: false,
      metadata: { merchantId: 'm-9' },
    });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(30 * 86_400);
    const item = subscription.items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 2900, currency: 'nzd', recurring: { interval: 'month' } });
    expect(item.current_period_end).toBe(subscription.trial_end);
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 0, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    const events = await platformEvents();
    const types = events.filter((event) => !event.account).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']),
    );
    expect(events.every((event) => event.account === undefined)).toBe(true);
  });

  it('ends the trial on the test control: active and paid, or past_due with a failed invoice', async () => {
    const { subscription } = await trialingSubscription('aroha@example.co.nz');
    const ended = await fetch(`${sandbox.url}/_emu/subscriptions/${subscription.id}/end_trial`, { method: 'POST' });
    expect(ended.status).toBe(200);
    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(active.status).toBe('active');
    expect(active.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      billing_reason: 'subscription_cycle',
    });
    const updated = (await platformEvents()).find(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        (event.data.object as Stripe.Subscription).id === subscription.id,
    );
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'trialing' });

    const { subscription: second } = await trialingSubscription('tama@example.co.nz');
    await fetch(`${sandbox.url}/_emu/subscriptions/${second.id}/end_trial?fail=1`, { method: 'POST' });
    expect((await stripe.subscriptions.retrieve(second.id)).status).toBe('past_due');
    const failed = (await platformEvents()).find((event) => event.type === 'invoice.payment_failed');
    expect((failed?.data.object as Stripe.Invoice).parent?.subscription_details?.subscription).toBe(second.id);
    // Only a trialing subscription can end its trial.
    expect((await fetch(`${sandbox.url}/_emu/subscriptions/${second.id}/end_trial`, { method: 'POST' })).status).toBe(
      400,
    );
  });
});

describe('billing portal', () => {
  it('cancels at period end, resumes, cancels now, and links back to return_url', async () => {
    const { subscription } = await trialingSubscription('hemi@example.co.nz');
    const portal = await stripe.billingPortal.sessions.create({
      customer: String(subscription.customer),
      return_url: 'http://app.test/settings',
    });
    expect(portal.url).toBe(`${sandbox.url}/portal/${portal.id}`);
    expect(await (await fetch(portal.url)).text()).toContain('href="http://app.test/settings"');

    const act = (action: string) => submitForm(portal.url, { subscription: subscription.id, action });
    expect((await act('cancel_at_period_end')).status).toBe(303);
    let current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: subscription.trial_end,
      status: 'trialing',
    });
    await act('resume');
    current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await act('cancel_now');
    current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.status).toBe('canceled');
    expect(current.ended_at).not.toBeNull();
    const deleted = (await platformEvents()).find(
      (event) =>
        event.type === 'customer.subscription.deleted' &&
        (event.data.object as Stripe.Subscription).id === subscription.id,
    );
    expect(deleted).toBeDefined();
  });

  it('updates and cancels through the subscriptions API', async () => {
    const { subscription } = await trialingSubscription('api@example.co.nz');
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated.cancel_at_period_end).toBe(true);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  });
});

describe('persistence', () => {
  it('keeps customers, subscriptions and events across a restart from the same data file', async () => {
    const customer = await stripe.customers.create({ email: 'kept@example.co.nz', metadata: { merchantId: 'm-2' } });
    const { subscription } = await trialingSubscription('kept-sub@example.co.nz');
    const eventCount = sandbox.events().length;
    await sandbox.stop();
    sandbox = await startSandbox();
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({
      email: 'kept@example.co.nz',
      metadata: { merchantId: 'm-2' },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('trialing');
    expect(sandbox.events()).toHaveLength(eventCount);
    const listed = (await (await fetch(`${sandbox.url}/_emu/events`)).json()) as { data: unknown[] };
    expect(listed.data).toHaveLength(eventCount);
  });
});
