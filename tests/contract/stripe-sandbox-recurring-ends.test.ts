// How a merchant's subscription stops or falters, through the sandbox with the real SDK on a test clock: a
// renewal that declines, Stripe's retries and past_due, recovery once the card is fixed, the end after the last
// retry (or unpaid, per the account's setting); cancelled now, at the period's end, or by the payer in the
// billing portal on the connected account.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitHostedForm } from '@tests/support/stripe-sandbox';
import { onboardedAccount, payerPortal, subscribe, type RecurringCheckoutOptions } from './support/recurring-checkout';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

const DAY = 86_400;
const WEEK = 7 * DAY;
const DECLINING_CARD = '4000000000000341';
const PAYING_CARD = '4242424242424242';

let harness: SandboxWithReceiver;
let stripe: Stripe;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('recurring_ends');
  ({ stripe } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

async function control(path: string, fields: Record<string, string>) {
  const response = await fetch(`${harness.sandbox.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
}

/** A merchant, a subscriber on a test clock frozen now, and the ways to move them. */
async function subscriberOnClock(email: string, options: RecurringCheckoutOptions = {}) {
  const account = await onboardedAccount(stripe, email);
  const start = Math.floor(Date.now() / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start }, { stripeAccount: account });
  const customer = await stripe.customers.create(
    { email: 'subscriber@example.co.nz', test_clock: clock.id },
    { stripeAccount: account },
  );
  const { subscription } = await subscribe(stripe, account, { ...options, customer: customer.id });
  return {
    account,
    start,
    subscription,
    advanceTo: (frozenTime: number) =>
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozenTime }, { stripeAccount: account }),
    useCard: (cardNumber: string) => control(`/_emu/customers/${customer.id}/card`, { card_number: cardNumber }),
    current: () => stripe.subscriptions.retrieve(subscription.id, {}, { stripeAccount: account }),
    invoices: async () =>
      (
        await stripe.invoices.list({ subscription: subscription.id, limit: 100 }, { stripeAccount: account })
      ).data.reverse(),
    /** Its events in the order made, each checked to have reached the Connect endpoint (which they reach in any order). */
    events: async () => {
      const delivered = new Set((await harness.delivered('/connect')).map((event) => event.id));
      const made = harness.sandbox.events().filter((event) => event.account === account);
      expect(made.filter((event) => !delivered.has(event.id))).toEqual([]);
      return made as unknown as Stripe.Event[];
    },
  };
}

describe('a renewal that declines', () => {
  it('retries on the schedule, goes past_due, and is active again once a retry pays on the fixed card', async () => {
    const subscriber = await subscriberOnClock('declines@example.co.nz');
    const { start } = subscriber;
    await subscriber.useCard(DECLINING_CARD);

    await subscriber.advanceTo(start + WEEK);
    expect((await subscriber.current()).status).toBe('past_due');
    let renewal = (await subscriber.invoices())[1]!;
    expect(renewal).toMatchObject({
      status: 'open',
      attempt_count: 1,
      amount_paid: 0,
      next_payment_attempt: start + WEEK + DAY,
    });
    await subscriber.advanceTo(start + WEEK + DAY);
    renewal = (await subscriber.invoices())[1]!;
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 2, next_payment_attempt: start + WEEK + 2 * DAY });

    await subscriber.useCard(PAYING_CARD);
    await subscriber.advanceTo(start + WEEK + 2 * DAY);
    renewal = (await subscriber.invoices())[1]!;
    expect(renewal).toMatchObject({ status: 'paid', attempt_count: 3, amount_paid: 2500, next_payment_attempt: null });
    expect((await subscriber.current()).status).toBe('active');

    const events = await subscriber.events();
    const ofRenewal = (type: string) =>
      events.filter((event) => event.type === type && (event.data.object as { id: string }).id === renewal.id);
    expect(ofRenewal('invoice.payment_failed').map((event) => event.created)).toEqual([
      start + WEEK,
      start + WEEK + DAY,
    ]);
    expect(ofRenewal('invoice.paid').map((event) => event.created)).toEqual([start + WEEK + 2 * DAY]);
    const statusChanges = events
      .filter((event) => event.type === 'customer.subscription.updated')
      .map((event) => [event.data.previous_attributes?.status, (event.data.object as Stripe.Subscription).status]);
    expect(statusChanges).toEqual([
      ['incomplete', 'active'],
      ['active', 'past_due'],
      ['past_due', 'active'],
    ]);
    // Every attempt is a charge on the invoice's one PaymentIntent: two declined, then the one that paid.
    const charges = events.filter((event) => event.type.startsWith('charge.')).slice(1);
    expect(charges.map((event) => event.type)).toEqual(['charge.failed', 'charge.failed', 'charge.succeeded']);
    expect(new Set(charges.map((event) => (event.data.object as Stripe.Charge).payment_intent)).size).toBe(1);
  });

  it('is paid by the next retry once the payer updates the card in the billing portal', async () => {
    const subscriber = await subscriberOnClock('portal-card@example.co.nz');
    const { start } = subscriber;
    await subscriber.useCard(DECLINING_CARD);
    await subscriber.advanceTo(start + WEEK);
    const portal = await payerPortal(stripe, subscriber.account, String(subscriber.subscription.customer));
    const before = await (await fetch(portal.url)).text();
    expect(before).toContain('Payment failed: update your card');
    expect(before).toContain('visa ending 0341');
    const updated = await submitHostedForm(portal.url, { action: 'update_card', card_number: '4242 4242 4242 4242' });
    expect(updated.status).toBe(303);
    expect(await (await fetch(portal.url)).text()).toContain('visa ending 4242');
    await subscriber.advanceTo(start + WEEK + DAY);
    expect((await subscriber.current()).status).toBe('active');
    expect((await subscriber.invoices())[1]).toMatchObject({ status: 'paid', attempt_count: 2 });
  });

  it('cancels after the last of 8 retries over 2 weeks, saying the payment failed', async () => {
    const subscriber = await subscriberOnClock('gives-up@example.co.nz', { interval: 'month' });
    const firstRenewal = (await subscriber.current()).items.data[0]!.current_period_end;
    await subscriber.useCard(DECLINING_CARD);
    await subscriber.advanceTo(firstRenewal + 13 * DAY);
    expect((await subscriber.current()).status).toBe('past_due');

    await subscriber.advanceTo(firstRenewal + 14 * DAY);
    expect(await subscriber.current()).toMatchObject({
      status: 'canceled',
      ended_at: firstRenewal + 14 * DAY,
      cancellation_details: { reason: 'payment_failed' },
    });
    const renewal = (await subscriber.invoices())[1]!;
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 9, next_payment_attempt: null });
    const failures = (await subscriber.events()).filter((event) => event.type === 'invoice.payment_failed');
    expect(failures.map((event) => (event.created - firstRenewal) / DAY)).toEqual([0, 1, 2, 4, 6, 8, 10, 12, 14]);
  });

  it('marks it unpaid instead when the account says so, and stops attempting later renewals', async () => {
    const subscriber = await subscriberOnClock('unpaid@example.co.nz');
    const { start } = subscriber;
    await control('/_emu/subscription_settings', { account: subscriber.account, after_last_retry: 'unpaid' });
    await subscriber.useCard(DECLINING_CARD);
    await subscriber.advanceTo(start + 2 * WEEK);
    await subscriber.advanceTo(start + 3 * WEEK);
    expect((await subscriber.current()).status).toBe('unpaid');
    await subscriber.advanceTo(start + 4 * WEEK);
    const latest = (await subscriber.invoices()).at(-1)!;
    expect(latest).toMatchObject({ status: 'open', attempt_count: 0, period_end: start + 4 * WEEK });
  });
});

describe('cancelling', () => {
  it('now: canceled at once, and the clock renews it no more', async () => {
    const subscriber = await subscriberOnClock('now@example.co.nz');
    const canceled = await stripe.subscriptions.cancel(
      subscriber.subscription.id,
      {},
      { stripeAccount: subscriber.account },
    );
    expect(canceled).toMatchObject({
      status: 'canceled',
      canceled_at: subscriber.start,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    await subscriber.advanceTo(subscriber.start + 2 * WEEK);
    expect(await subscriber.invoices()).toHaveLength(1);
    const deleted = (await subscriber.events()).filter((event) => event.type === 'customer.subscription.deleted');
    expect(deleted).toHaveLength(1);
  });

  it('at the period’s end: the period paid for runs out, then it ends with no new invoice', async () => {
    const subscriber = await subscriberOnClock('period-end@example.co.nz');
    const { start } = subscriber;
    const updated = await stripe.subscriptions.update(
      subscriber.subscription.id,
      { cancel_at_period_end: true },
      { stripeAccount: subscriber.account },
    );
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: start + WEEK, status: 'active' });
    await subscriber.advanceTo(start + WEEK - 1);
    expect((await subscriber.current()).status).toBe('active');
    await subscriber.advanceTo(start + 2 * WEEK);
    expect(await subscriber.current()).toMatchObject({ status: 'canceled', ended_at: start + WEEK });
    expect(await subscriber.invoices()).toHaveLength(1);
  });

  it('by the payer, in the billing portal on the connected account', async () => {
    const subscriber = await subscriberOnClock('portal@example.co.nz');
    const portal = await payerPortal(stripe, subscriber.account, String(subscriber.subscription.customer));
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('NZD $25.00 every week');
    const submitted = await submitHostedForm(portal.url, {
      subscription: subscriber.subscription.id,
      action: 'cancel_now',
    });
    expect(submitted.status).toBe(303);
    expect((await subscriber.current()).status).toBe('canceled');
    const deleted = (await subscriber.events()).find((event) => event.type === 'customer.subscription.deleted');
    expect(deleted?.data.object).toMatchObject({ id: subscriber.subscription.id, status: 'canceled' });
  });
});
