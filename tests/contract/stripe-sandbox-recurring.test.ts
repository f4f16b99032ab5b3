// Recurring payments on a merchant's connected account through the sandbox with the real SDK: Checkout in
// subscription mode with Paylink's 0.5% as application_fee_percent, the first invoice's charge and money,
// Stripe's events on the Connect endpoint in order, and test clocks that renew a subscription each period
// (and end it at cancel_at, for a set number of payments).
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEndAfter } from '@infra/local/stripe-sandbox/billing-periods';
import type { StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { onboardedAccount, createRecurringSession, subscribe } from './support/recurring-checkout';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

const DAY = 86_400;
const WEEK = 7 * DAY;

let harness: SandboxWithReceiver;
let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('recurring');
  ({ sandbox, stripe } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

/**
 * The account's events in the order the sandbox made them, each checked to have reached the Connect
 * endpoint signed with its secret (deliveries run side by side, so they arrive in any order, as Stripe's do).
 */
async function connectEventsOf(account: string) {
  const delivered = new Set((await harness.delivered('/connect')).map((event) => event.id));
  const made = sandbox.events().filter((event) => event.account === account);
  expect(made.filter((event) => !delivered.has(event.id))).toEqual([]);
  return made as unknown as Stripe.Event[];
}

/** A customer on a new test clock frozen at `frozenTime`, on the merchant's account. */
async function customerOnClock(account: string, frozenTime: number) {
  const clock = await stripe.testHelpers.testClocks.create(
    { frozen_time: frozenTime, name: 'weekly renewals' },
    { stripeAccount: account },
  );
  const customer = await stripe.customers.create(
    { email: 'clocked@example.co.nz', test_clock: clock.id },
    { stripeAccount: account },
  );
  return { clock, customer };
}

function advance(account: string, clock: string, frozenTime: number) {
  return stripe.testHelpers.testClocks.advance(clock, { frozen_time: frozenTime }, { stripeAccount: account });
}

async function paidInvoicesOf(account: string, subscription: string) {
  const invoices = await stripe.invoices.list({ subscription, status: 'paid', limit: 100 }, { stripeAccount: account });
  return invoices.data.reverse();
}

describe('Checkout in subscription mode on a connected account', () => {
  it('shows how often the payer pays: weekly, fortnightly, monthly, yearly', async () => {
    const account = await onboardedAccount(stripe, 'intervals@example.co.nz');
    const wordsFor = async (interval: 'week' | 'month' | 'year', intervalCount = 1) => {
      const session = await createRecurringSession(stripe, account, { interval, intervalCount });
      return (await fetch(session.url!)).text();
    };
    expect(await wordsFor('week')).toContain('Total <strong>NZD $25.00</strong> every week');
    expect(await wordsFor('week', 2)).toContain('Total <strong>NZD $25.00</strong> every 2 weeks');
    expect(await wordsFor('month')).toContain('Total <strong>NZD $25.00</strong> every month');
    expect(await wordsFor('year')).toContain('Total <strong>NZD $25.00</strong> every year');
    expect(await wordsFor('week')).toContain(
      'By subscribing, you allow Kōwhai Yoga to charge your card for future payments as shown above until you cancel.',
    );
  });

  it('creates the customer, an active subscription and a paid first invoice whose charge carries the fee', async () => {
    const account = await onboardedAccount(stripe, 'first@example.co.nz');
    const { session, subscription } = await subscribe(stripe, account);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: null });
    expect(subscription).toMatchObject({
      status: 'active',
      application_fee_percent: 0.5,
      customer: session.customer,
      metadata: { linkId: 'link-rec-1' },
      cancel_at: null,
    });
    const item = subscription.items.data[0]!;
    expect(item.price.recurring).toMatchObject({ interval: 'week', interval_count: 1 });
    expect(item.current_period_end - item.current_period_start).toBe(WEEK);

    const invoice = await stripe.invoices.retrieve(
      String(session.invoice),
      { expand: ['payments.data.payment.payment_intent.latest_charge.balance_transaction'] },
      { stripeAccount: account },
    );
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2500,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    const paymentIntent = invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({ status: 'succeeded', amount_received: 2500, customer: session.customer });
    const charge = paymentIntent.latest_charge as Stripe.Charge;
    // 0.5% of NZD 25.00 is 12.5 cents: Stripe computes the fee, and the charge says what it took.
    expect(charge).toMatchObject({ status: 'succeeded', amount: 2500, application_fee_amount: 13 });
    const money = charge.balance_transaction as Stripe.BalanceTransaction;
    expect(money.fee_details).toContainEqual(expect.objectContaining({ type: 'application_fee', amount: 13 }));
    expect(money.net).toBe(2500 - money.fee);
    const fee = await stripe.applicationFees.retrieve(String(charge.application_fee));
    expect(fee).toMatchObject({ account, amount: 13, charge: charge.id });

    // The period's money goes out with the merchant's next payout, as a one-off payment's does.
    const payouts = (await (
      await fetch(`${sandbox.url}/_emu/payouts/run`, { method: 'POST', body: new URLSearchParams({ account }) })
    ).json()) as { data: Stripe.Payout[] };
    expect(payouts.data[0]?.amount).toBe(money.net);
  });

  it("sends Stripe's events to the Connect endpoint, in Stripe's order, and none to the platform's", async () => {
    const account = await onboardedAccount(stripe, 'events@example.co.nz');
    const { subscription } = await subscribe(stripe, account);
    const events = await connectEventsOf(account);
    expect(events.map((event) => event.type).filter((type) => type !== 'account.updated')).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'charge.succeeded',
      'payment_intent.succeeded',
      'invoice_payment.paid',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    const created = events.find((event) => event.type === 'customer.subscription.created')!;
    expect(created.data.object).toMatchObject({ id: subscription.id, status: 'incomplete' });
    const activated = events.find((event) => event.type === 'customer.subscription.updated')!;
    expect(activated.data.previous_attributes).toEqual({ status: 'incomplete' });
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    expect(completed.data.object).toMatchObject({ subscription: subscription.id, mode: 'subscription' });
    const platform = await harness.delivered('/platform');
    expect(platform.some((event) => JSON.stringify(event).includes(subscription.id))).toBe(false);
  });

  it('refuses payment_intent_data in subscription mode, a fee percent on the platform, and no interval', async () => {
    const account = await onboardedAccount(stripe, 'refusals@example.co.nz');
    await expect(createRecurringSession(stripe, account, { intervalCount: 0 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price_data][recurring][interval_count]',
    });
    await expect(createRecurringSession(stripe, account, { intervalCount: 157 })).rejects.toMatchObject({
      statusCode: 400,
    });
    const base = {
      mode: 'subscription' as const,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'nzd',
            unit_amount: 2500,
            recurring: { interval: 'week' as const },
            product_data: { name: 'Class' },
          },
        },
      ],
      success_url: 'http://app.test/paid',
    };
    await expect(
      stripe.checkout.sessions.create(
        { ...base, payment_intent_data: { application_fee_amount: 13 } },
        { stripeAccount: account },
      ),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_intent_data' });
    await expect(
      stripe.checkout.sessions.create({ ...base, subscription_data: { application_fee_percent: 0.5 } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data[application_fee_percent]' });
  });
});

describe('test clocks', () => {
  it('renews once per period passed: an invoice, a charge and their events each, at the period’s time', async () => {
    const account = await onboardedAccount(stripe, 'clock@example.co.nz');
    const start = Math.floor(Date.now() / 1000);
    const { clock, customer } = await customerOnClock(account, start);
    const { subscription } = await subscribe(stripe, account, { customer: customer.id });
    expect(subscription).toMatchObject({ test_clock: clock.id, start_date: start, billing_cycle_anchor: start });

    const advancing = await advance(account, clock.id, start + 2 * WEEK);
    expect(advancing).toMatchObject({ status: 'advancing' });
    const ready = await stripe.testHelpers.testClocks.retrieve(clock.id, {}, { stripeAccount: account });
    expect(ready).toMatchObject({ status: 'ready', frozen_time: start + 2 * WEEK });

    const invoices = await paidInvoicesOf(account, subscription.id);
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.created])).toEqual([
      ['subscription_create', start],
      ['subscription_cycle', start + WEEK],
      ['subscription_cycle', start + 2 * WEEK],
    ]);
    const payments = await stripe.invoicePayments.list(
      { invoice: invoices[2]!.id, expand: ['data.payment.payment_intent.latest_charge'] },
      { stripeAccount: account },
    );
    const charge = (payments.data[0]!.payment.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      application_fee_amount: 13,
      created: start + 2 * WEEK,
    });

    const renewed = await stripe.subscriptions.retrieve(subscription.id, {}, { stripeAccount: account });
    expect(renewed.status).toBe('active');
    expect(renewed.latest_invoice).toBe(invoices[2]!.id);
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: start + 2 * WEEK,
      current_period_end: start + 3 * WEEK,
    });

    const events = await connectEventsOf(account);
    const paid = events.filter((event) => event.type === 'invoice.paid');
    expect(paid.map((event) => event.created)).toEqual([start, start + WEEK, start + 2 * WEEK]);
    const clockEvents = events.filter((event) => event.type.startsWith('test_helpers.test_clock.'));
    expect(clockEvents.map((event) => event.type)).toEqual([
      'test_helpers.test_clock.created',
      'test_helpers.test_clock.advancing',
      'test_helpers.test_clock.ready',
    ]);

    // Each period's payment can be refunded like any payment, Paylink's fee with it.
    const refund = await stripe.refunds.create(
      { payment_intent: String(charge.payment_intent), refund_application_fee: true },
      { stripeAccount: account },
    );
    expect(refund).toMatchObject({ status: 'succeeded', amount: 2500 });
    const feeAfter = await stripe.applicationFees.retrieve(String(charge.application_fee));
    expect(feeAfter.amount_refunded).toBe(13);
  });

  it('loses a renewal’s webhook when told to, as the drop control does for every event', async () => {
    const account = await onboardedAccount(stripe, 'dropped@example.co.nz');
    const start = Math.floor(Date.now() / 1000);
    const { clock, customer } = await customerOnClock(account, start);
    const { subscription } = await subscribe(stripe, account, { customer: customer.id });
    const drop = await fetch(`${sandbox.url}/_emu/webhooks/drop`, {
      method: 'POST',
      body: new URLSearchParams({ count: '1', types: 'invoice.paid' }),
    });
    expect(drop.status).toBe(200);
    await advance(account, clock.id, start + WEEK);
    const renewal = (await paidInvoicesOf(account, subscription.id))[1]!;
    const made = sandbox
      .events()
      .filter((event) => event.type === 'invoice.paid' && event.data.object.id === renewal.id);
    expect(made).toHaveLength(1);
    const delivered = (await harness.delivered('/connect')).filter((event) => event.id === made[0]!.id);
    expect(delivered).toEqual([]);
  });

  it("refuses to go back, or more than two of the shortest subscription's intervals ahead", async () => {
    const account = await onboardedAccount(stripe, 'limits@example.co.nz');
    const start = Math.floor(Date.now() / 1000);
    const { clock, customer } = await customerOnClock(account, start);
    await subscribe(stripe, account, { customer: customer.id });
    await expect(advance(account, clock.id, start)).rejects.toMatchObject({ statusCode: 400, param: 'frozen_time' });
    await expect(advance(account, clock.id, start + 2 * WEEK + 1)).rejects.toMatchObject({
      statusCode: 400,
      param: 'frozen_time',
    });
    // Another account's clock is not there.
    await expect(stripe.testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('takes an existing customer, so a subscription paid the usual way can be moved through time', async () => {
    const account = await onboardedAccount(stripe, 'attach@example.co.nz');
    const { subscription } = await subscribe(stripe, account);
    const start = subscription.start_date;
    const clock = await stripe.testHelpers.testClocks.create(
      { frozen_time: start, customer: String(subscription.customer) },
      { stripeAccount: account },
    );
    await advance(account, clock.id, start + WEEK);
    expect(await paidInvoicesOf(account, subscription.id)).toHaveLength(2);
  });

  it('keeps a monthly subscription on its day: the 31st bills on the last day of a shorter month', async () => {
    const account = await onboardedAccount(stripe, 'monthly@example.co.nz');
    const january31 = Date.UTC(2027, 0, 31, 9, 0, 0) / 1000;
    const { clock, customer } = await customerOnClock(account, january31);
    const { subscription } = await subscribe(stripe, account, { customer: customer.id, interval: 'month' });
    await advance(account, clock.id, Date.UTC(2027, 2, 31, 9, 0, 0) / 1000);
    const invoices = await paidInvoicesOf(account, subscription.id);
    expect(invoices.map((invoice) => new Date(invoice.created * 1000).toISOString().slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('stops after a set number of payments: cancel_at on the end of the last period', async () => {
    const account = await onboardedAccount(stripe, 'count@example.co.nz');
    const start = Math.floor(Date.now() / 1000);
    const { clock, customer } = await customerOnClock(account, start);
    const { subscription } = await subscribe(stripe, account, { customer: customer.id });
    // Three weekly payments: the first at Checkout, then two renewals; it ends where a fourth would start.
    const cancelAt = periodEndAfter(subscription.billing_cycle_anchor, { interval: 'week', interval_count: 1 }, 3);
    const updated = await stripe.subscriptions.update(
      subscription.id,
      { cancel_at: cancelAt },
      { stripeAccount: account },
    );
    expect(updated).toMatchObject({ cancel_at: cancelAt, cancel_at_period_end: false, status: 'active' });

    await advance(account, clock.id, start + 2 * WEEK);
    await advance(account, clock.id, start + 3 * WEEK + DAY);
    const invoices = await paidInvoicesOf(account, subscription.id);
    expect(invoices.map((invoice) => invoice.amount_paid)).toEqual([2500, 2500, 2500]);
    const ended = await stripe.subscriptions.retrieve(subscription.id, {}, { stripeAccount: account });
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: cancelAt,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    const deleted = (await connectEventsOf(account)).filter((event) => event.type === 'customer.subscription.deleted');
    expect(deleted.map((event) => event.created)).toEqual([cancelAt]);
  });
});
