// Two things real Stripe does that a recurring link needs from the sandbox, through the real SDK:
// updating a PaymentIntent's and a Charge's metadata after payment (Paylink names each renewal's payment on
// them, docs/decisions.md #156), and a one-time price beside the recurring one in subscription mode, which
// Stripe bills on the first invoice only (a tip on a recurring link, #154).
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYING_CARD, submitHostedForm } from '@tests/support/stripe-sandbox';
import { onboardedAccount, subscribe } from './support/recurring-checkout';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

const WEEK = 7 * 86_400;

let harness: SandboxWithReceiver;
let stripe: Stripe;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('updates');
  ({ stripe } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

/** A weekly subscriber on a test clock, renewed once: the renewal's PaymentIntent and Charge. */
async function renewedOnce(email: string) {
  const account = await onboardedAccount(stripe, email);
  const start = Math.floor(Date.now() / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start }, { stripeAccount: account });
  const customer = await stripe.customers.create({ email, test_clock: clock.id }, { stripeAccount: account });
  const { subscription } = await subscribe(stripe, account, { customer: customer.id });
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + WEEK }, { stripeAccount: account });
  const renewal = (
    await stripe.invoices.list({ subscription: subscription.id, status: 'paid' }, { stripeAccount: account })
  ).data[0]!;
  expect(renewal.billing_reason).toBe('subscription_cycle');
  const payments = await stripe.invoicePayments.list(
    { invoice: renewal.id, expand: ['data.payment.payment_intent'] },
    { stripeAccount: account },
  );
  const intent = payments.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
  return { account, intent, chargeId: String(intent.latest_charge) };
}

describe('updating a paid PaymentIntent and its Charge', () => {
  it('keeps the metadata written, merges keys, removes an emptied one, and says so for the charge', async () => {
    const { account, intent, chargeId } = await renewedOnce('updates@example.co.nz');
    expect(intent.metadata).toEqual({});

    const named = await stripe.paymentIntents.update(
      intent.id,
      { metadata: { paymentId: 'pay-1', note: 'renewal' } },
      { stripeAccount: account },
    );
    expect(named).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      metadata: { paymentId: 'pay-1', note: 'renewal' },
    });
    const merged = await stripe.paymentIntents.update(
      intent.id,
      { metadata: { note: '', period: '2' } },
      { stripeAccount: account },
    );
    expect(merged.metadata).toEqual({ paymentId: 'pay-1', period: '2' });
    expect((await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).metadata).toEqual({
      paymentId: 'pay-1',
      period: '2',
    });

    const charge = await stripe.charges.update(
      chargeId,
      { metadata: { paymentId: 'pay-1' } },
      { stripeAccount: account },
    );
    expect(charge).toMatchObject({ id: chargeId, status: 'succeeded', metadata: { paymentId: 'pay-1' } });
    const updated = (await harness.delivered('/connect')).filter(
      (event) => event.type === 'charge.updated' && (event.data.object as Stripe.Charge).id === chargeId,
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ account, data: { previous_attributes: { metadata: {} } } });
    // The same metadata again changes nothing and sends nothing more.
    await stripe.charges.update(chargeId, { metadata: { paymentId: 'pay-1' } }, { stripeAccount: account });
    const again = (await harness.delivered('/connect')).filter(
      (event) => event.type === 'charge.updated' && (event.data.object as Stripe.Charge).id === chargeId,
    );
    expect(again).toHaveLength(1);
  });

  it("refuses what Stripe refuses: a paid intent's amount, an unknown parameter, another account's object", async () => {
    const { account, intent, chargeId } = await renewedOnce('refused-updates@example.co.nz');
    await expect(
      stripe.paymentIntents.update(intent.id, { amount: 100 }, { stripeAccount: account }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state', param: 'amount' });
    await expect(
      stripe.charges.update(chargeId, { amount: 5 } as Stripe.ChargeUpdateParams, { stripeAccount: account }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'amount' });
    await expect(stripe.paymentIntents.update(intent.id, { metadata: { paymentId: 'x' } })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.charges.update(chargeId, { metadata: { paymentId: 'x' } })).rejects.toMatchObject({
      statusCode: 404,
    });
    // Nothing refused was written.
    expect((await stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).metadata).toEqual({});
  });
});

describe('a one-time price beside the recurring one in subscription mode', () => {
  function tippedSession(account: string, customer: string) {
    return stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'nzd',
              unit_amount: 2500,
              recurring: { interval: 'week' },
              product_data: { name: 'Weekly yoga class' },
            },
          },
          { quantity: 1, price_data: { currency: 'nzd', unit_amount: 250, product_data: { name: 'Tip (10%)' } } },
        ],
        subscription_data: { application_fee_percent: 0.5 },
        customer,
        success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
      },
      { stripeAccount: account },
    );
  }

  it('is on the first invoice only: charged today with the first period, never on a renewal', async () => {
    const account = await onboardedAccount(stripe, 'one-time@example.co.nz');
    const start = Math.floor(Date.now() / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start }, { stripeAccount: account });
    const customer = await stripe.customers.create({ test_clock: clock.id }, { stripeAccount: account });
    const session = await tippedSession(account, customer.id);
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 2750 });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Total <strong>NZD $25.00</strong> every week');
    expect(page).toContain('Tip (10%) <strong>NZD $2.50</strong>');
    expect(page).toContain('Total due today <strong>NZD $27.50</strong>');

    const paid = await submitHostedForm(session.url!, {
      email: 'p@example.co.nz',
      name: 'P',
      card_number: PAYING_CARD,
    });
    expect(paid.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
    const first = await stripe.invoices.retrieve(
      String(completed.invoice),
      { expand: ['payments.data.payment.payment_intent.latest_charge'] },
      { stripeAccount: account },
    );
    expect(first).toMatchObject({ status: 'paid', amount_paid: 2750, billing_reason: 'subscription_create' });
    expect(first.lines.data.map((line) => [line.description, line.amount])).toEqual([
      ['1 × subscription', 2500],
      ['Tip (10%)', 250],
    ]);
    const charge = (first.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent)
      .latest_charge as Stripe.Charge;
    // 0.5% of the whole first invoice, NZD 27.50: 13.75 cents, rounded to 14.
    expect(charge).toMatchObject({ amount: 2750, application_fee_amount: 14 });

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + WEEK }, { stripeAccount: account });
    const invoices = await stripe.invoices.list(
      { subscription: String(completed.subscription) },
      { stripeAccount: account },
    );
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([2500, 2750]);
    expect(invoices.data[0]!.lines.data).toHaveLength(1);
  });

  it('still needs a recurring price, and one currency', async () => {
    const account = await onboardedAccount(stripe, 'one-time-refused@example.co.nz');
    const oneTime = { quantity: 1, price_data: { currency: 'nzd', unit_amount: 250, product_data: { name: 'Tip' } } };
    const base = { mode: 'subscription' as const, success_url: 'http://app.test/paid' };
    await expect(
      stripe.checkout.sessions.create({ ...base, line_items: [oneTime] }, { stripeAccount: account }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
    const weekly = {
      quantity: 1,
      price_data: {
        currency: 'nzd',
        unit_amount: 2500,
        recurring: { interval: 'week' as const },
        product_data: { name: 'Class' },
      },
    };
    const inAud = { ...oneTime, price_data: { ...oneTime.price_data, currency: 'aud' } };
    await expect(
      stripe.checkout.sessions.create({ ...base, line_items: [weekly, inAud] }, { stripeAccount: account }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
  });
});

describe("a subscription's cancellation_details", () => {
  it('keeps the comment the app writes when it cancels, now or at the period end, and refuses unknown feedback', async () => {
    const account = await onboardedAccount(stripe, 'comments@example.co.nz');
    const now = await subscribe(stripe, account);
    const ended = await stripe.subscriptions.cancel(
      now.subscription.id,
      { cancellation_details: { comment: 'paylink:merchant', feedback: 'unused' } },
      { stripeAccount: account },
    );
    expect(ended).toMatchObject({
      status: 'canceled',
      cancellation_details: { comment: 'paylink:merchant', feedback: 'unused', reason: 'cancellation_requested' },
    });

    const start = Math.floor(Date.now() / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start }, { stripeAccount: account });
    const customer = await stripe.customers.create({ test_clock: clock.id }, { stripeAccount: account });
    const later = await subscribe(stripe, account, { customer: customer.id });
    await expect(
      stripe.subscriptions.update(
        later.subscription.id,
        { cancellation_details: { feedback: 'bored' as 'unused' } },
        { stripeAccount: account },
      ),
    ).rejects.toMatchObject({ statusCode: 400, param: 'cancellation_details[feedback]' });
    await stripe.subscriptions.update(
      later.subscription.id,
      { cancel_at_period_end: true, cancellation_details: { comment: 'paylink:last-payment' } },
      { stripeAccount: account },
    );
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + WEEK }, { stripeAccount: account });
    const done = await stripe.subscriptions.retrieve(later.subscription.id, {}, { stripeAccount: account });
    expect(done).toMatchObject({
      status: 'canceled',
      cancellation_details: { comment: 'paylink:last-payment', feedback: null, reason: 'cancellation_requested' },
    });
  });
});
