/**
 * Issue 45, each period of a recurring link is one payment, driven through the Stripe sandbox end to end: the
 * payer subscribes on the hosted Checkout, a test clock on their customer renews the subscription, Stripe's
 * events reach the recurring consumer through the Connect webhook, and the runtime's real stores, stats,
 * mailbox and bus do the rest. Redelivered and reordered events are the sandbox's own, signed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberStore } from '@functions/adapters/subscriber-store';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentListSchema } from '@shared/contracts/payments';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { subscriberListSchema, subscriberSchema } from '@shared/contracts/subscribers';
import { repeatAgreementWords } from '@shared/recurring';
import { emailsTo, waitForEmail } from '../support/mailbox';
import {
  DAY_SECONDS,
  DECLINES_AFTER_ATTACHING,
  PAYS,
  WEEK_SECONDS,
  subscribeThroughLink,
  type RecurringPayer,
} from '../support/recurring-payer';
import { seededRandom, shuffle } from '../support/seeded-random';
import { merchantPayments, paymentRow } from '../support/stored-rows';
import { submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const MANAGE_PATH = '/api/subscriptions/manage/';

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

async function completedPayments(): Promise<number> {
  await env.settle();
  const response = await env.api('/api/me/stats', { token: merchant.accessToken });
  return dashboardStatsSchema.parse(await response.json()).completedTransactions;
}

/** This payer's periods: the Checkout's payment and every renewal of the subscription. */
async function periodsOf(payer: RecurringPayer) {
  return (await merchantPayments(env, merchant.sub)).filter(
    (payment) => payment.paymentId === payer.paymentId || payment.subscriptionId === payer.subscriptionId,
  );
}

async function receiptsTo(email: string) {
  return (await emailsTo(env.runtime.mailbox.url, email)).filter((mail) => /Your receipt/.test(mail.subject));
}

/** The Subscribers screen's row for this payer, as the merchant's API answers it. */
async function listed(payer: RecurringPayer) {
  const response = await env.api(`/api/me/subscribers?linkId=${payer.linkId}`, { token: merchant.accessToken });
  const { subscribers } = subscriberListSchema.parse(await response.json());
  expect(subscribers).toHaveLength(1);
  return subscribers[0]!;
}

/** Every given event delivered again, signed as Stripe signs them, one after another. */
async function redeliver(events: { id: string }[]) {
  for (const event of events) {
    const response = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(event),
      'stripe-connect-webhook-secret',
    );
    expect(response.status, event.id).toBe(200);
  }
  await env.settle();
}

describe('a weekly link paid through three more periods on the clock', () => {
  it('makes three payments, three receipts and +3 in the stats, whatever the order and repeats of its events', async () => {
    // With the tip: a one-time line on the first invoice only (docs/decisions.md #154).
    const payer = await subscribeThroughLink(env, merchant, { title: 'Weekly yoga', tip: 'percent' });
    const first = await paymentRow(env, payer.paymentId);
    expect(first).toMatchObject({ status: 'succeeded', totalCents: 2750, tipCents: 250 });
    const before = await completedPayments();

    await payer.advance(2 * WEEK_SECONDS);
    await payer.advance(WEEK_SECONDS);

    expect(await completedPayments()).toBe(before + 3);
    const periods = await periodsOf(payer);
    expect(periods.map((payment) => payment.status)).toEqual(Array(4).fill('succeeded'));
    expect(new Set(periods.map((payment) => payment.receiptNumber)).size).toBe(4);
    const renewals = periods.filter((payment) => payment.invoiceId);
    const paidInvoices = (
      await env.stripe.invoices.list(
        { subscription: payer.subscriptionId, status: 'paid' },
        { stripeAccount: payer.account },
      )
    ).data;
    expect(paidInvoices.map((invoice) => invoice.amount_paid)).toEqual([2500, 2500, 2500, 2750]);
    expect(renewals.map((payment) => payment.invoiceId).sort()).toEqual(
      paidInvoices
        .filter((invoice) => invoice.billing_reason === 'subscription_cycle')
        .map((invoice) => invoice.id)
        .sort(),
    );
    // No tip repeats; Paylink's 0.5% on each period as the charge took it.
    for (const renewal of renewals) {
      expect(renewal).toMatchObject({ totalCents: 2500, tipCents: 0, productFeeCents: 13 });
      // Named on Stripe as a Checkout's payment is, so refunds, disputes and payouts find it (#156).
      const intent = await env.stripe.paymentIntents.retrieve(
        renewal.paymentIntentId!,
        { expand: ['latest_charge'] },
        { stripeAccount: payer.account },
      );
      expect(intent.metadata).toEqual({ paymentId: renewal.paymentId });
      expect((intent.latest_charge as { metadata: object }).metadata).toEqual({ paymentId: renewal.paymentId });
    }
    // Every period's receipt goes unasked, once (#172), each with the way to stop it (#157).
    await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /Your receipt/, count: 4 });
    const receipts = await receiptsTo(payer.email);
    expect(receipts).toHaveLength(4);
    expect(receipts.every((mail) => mail.body.text?.includes(MANAGE_PATH))).toBe(true);

    // Every subscription and invoice event the sandbox sent, again as Stripe retries one (the same id) and
    // as news of the same invoice under ids of their own (past any claim by event id, so the consumer's own
    // key is what holds), shuffled: nothing moves.
    const events = await payer.events();
    expect(events.filter((event) => event.type === 'invoice.paid')).toHaveLength(4);
    const copies = events.flatMap((event) => [
      event,
      { ...event, id: `${event.id}r1` },
      { ...event, id: `${event.id}r2` },
    ]);
    await redeliver(shuffle(copies, seededRandom(0x45_0001)));
    expect(await completedPayments()).toBe(before + 3);
    expect(await periodsOf(payer)).toHaveLength(4);
    expect(await receiptsTo(payer.email)).toHaveLength(4);

    // Transactions tells them apart (docs/decisions.md #267): newest first, three renewals, then the payment that
    // started the subscription, each with what repeats.
    const ids = new Set((await periodsOf(payer)).map((payment) => payment.paymentId));
    const page = await env.api('/api/me/payments?limit=100', { token: merchant.accessToken });
    const rows = paymentListSchema.parse(await page.json()).payments.filter((row) => ids.has(row.paymentId));
    expect(rows.map((row) => [row.subscriptionPayment, row.recurringTerms])).toEqual([
      ...Array(3).fill(['renewal', 'NZD $25.00 every week']),
      ['first', 'NZD $25.00 every week'],
    ]);
    expect(await listed(payer)).toMatchObject({ status: 'active', paymentsMade: 4, endedReason: null });

    // Another merchant sees none of it.
    const stranger = await env.createMerchant();
    const theirs = await env.api('/api/me/subscribers', { token: stranger.accessToken });
    expect(subscriberListSchema.parse(await theirs.json()).subscribers).toEqual([]);
  });
});

describe("a subscription's events before its Checkout's own", () => {
  it('still know the payer: the subscriber takes them from the first paid invoice', async () => {
    // Checkout's completion lost: every subscriber event is applied with the first payment not yet settled.
    await env.sandboxControl('/_emu/webhooks/drop', { count: '1', types: 'checkout.session.completed' });
    const payer = await subscribeThroughLink(env, merchant, { title: 'Early bird' });
    expect(await paymentRow(env, payer.paymentId)).toMatchObject({ status: 'succeeded', payerEmail: payer.email });
    expect(await listed(payer)).toMatchObject({ payerEmail: payer.email, payerName: expect.stringMatching(/^Payer /) });
    await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /Your receipt/ });
  });
});

describe('a declined renewal', () => {
  it('goes past due, recovers when the card is fixed, and ends after the last retry with the reason', async () => {
    const payer = await subscribeThroughLink(env, merchant, { title: 'Veggie box' });
    const before = await completedPayments();

    await payer.useCard(DECLINES_AFTER_ATTACHING);
    await payer.advance(WEEK_SECONDS);
    expect(await listed(payer)).toMatchObject({ status: 'past_due', paymentsMade: 1 });
    const askedToUpdate = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /declined/ });
    expect(askedToUpdate.body.text).toContain(MANAGE_PATH);
    await waitForEmail(env.runtime.mailbox.url, merchant.email, { subject: /renewal was declined/ });

    // The card fixed; Stripe's next retry (a day later) pays the same invoice: counted once, active again.
    await payer.useCard(PAYS);
    await payer.advance(DAY_SECONDS);
    expect(await listed(payer)).toMatchObject({ status: 'active', paymentsMade: 2 });
    expect(await completedPayments()).toBe(before + 1);

    // Declined again, and every retry after it: the account is set to leave it past due, so the end is
    // Paylink's own after the last retry (docs/decisions.md #158).
    await env.sandboxControl('/_emu/subscription_settings', { account: payer.account, after_last_retry: 'past_due' });
    await payer.useCard(DECLINES_AFTER_ATTACHING);
    const failedRenewalAt = payer.clockTime() + 6 * DAY_SECONDS;
    await payer.advance(6 * DAY_SECONDS);
    expect((await listed(payer)).status).toBe('past_due');
    // Its 8 retries run over 14 days; the clock goes at most two weeks at a time.
    while (payer.clockTime() < failedRenewalAt + 14 * DAY_SECONDS) {
      await payer.advance(Math.min(WEEK_SECONDS, failedRenewalAt + 14 * DAY_SECONDS - payer.clockTime()));
    }
    const ended = await listed(payer);
    expect(ended).toMatchObject({ status: 'cancelled', nextPaymentAt: null, paymentsMade: 2 });
    expect(ended.endedReason).toBe("The payer's card was declined on the last retry.");
    expect(await payer.subscription()).toMatchObject({
      status: 'canceled',
      cancellation_details: { comment: 'paylink:last-retry-declined' },
    });
    await waitForEmail(env.runtime.mailbox.url, merchant.email, { subject: /subscription ended/ });

    // Late and repeated deliveries of everything that happened, newest first: ended stays ended, nothing more
    // counted.
    const late = [...(await payer.events())].reverse();
    await redeliver([...late, ...late.map((event) => ({ ...event, id: `${event.id}late` }))]);
    expect((await listed(payer)).status).toBe('cancelled');
    expect(await completedPayments()).toBe(before + 1);
  });
});

describe('a set number of payments with a period declined until the next began', () => {
  it('is never charged more than the number set: it ends with its last period, paid or not', async () => {
    const payer = await subscribeThroughLink(env, merchant, {
      title: 'Two-week course',
      repeat: { every: 'week', payments: 2 },
    });
    const before = await completedPayments();
    // The second period's payment is declined, and still is when a third period would begin.
    await payer.useCard(DECLINES_AFTER_ATTACHING);
    await payer.advance(WEEK_SECONDS);
    expect(await listed(payer)).toMatchObject({ status: 'past_due', paymentsMade: 1, endsAtPeriodEnd: true });
    await payer.advance(WEEK_SECONDS);
    // The payer fixes the card: nothing more is charged, as the payer page promised ("then it stops by itself").
    await payer.useCard(PAYS);
    await payer.advance(2 * DAY_SECONDS);

    const invoices = (
      await env.stripe.invoices.list({ subscription: payer.subscriptionId }, { stripeAccount: payer.account })
    ).data;
    expect(invoices).toHaveLength(2);
    expect(await payer.subscription()).toMatchObject({ status: 'canceled' });
    const ended = await listed(payer);
    expect(ended).toMatchObject({ status: 'cancelled', paymentsMade: 1, paymentsPlanned: 2, nextPaymentAt: null });
    expect(ended.endedReason).toBe('Its last period ended with a payment still unpaid.');
    expect(await completedPayments()).toBe(before);
  });

  it('stays stopped when the payer presses Resume in the billing portal after the last payment', async () => {
    const payer = await subscribeThroughLink(env, merchant, {
      title: 'Two classes',
      repeat: { every: 'week', payments: 2 },
    });
    await payer.advance(WEEK_SECONDS);
    expect(await payer.subscription()).toMatchObject({ cancel_at_period_end: true });
    // The last receipt's link opens Stripe's portal, which offers to resume a subscription set to end (#152).
    const receipt = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /Your receipt/, count: 2 });
    const manage = new URL(/https?:\/\/\S+\/api\/subscriptions\/manage\/\S+/.exec(receipt.body.text ?? '')![0]);
    const portal = (await env.api(`${manage.pathname}${manage.search}`, { redirect: 'manual' })).headers.get(
      'location',
    )!;
    const resumed = await submitHostedForm(portal, { subscription: payer.subscriptionId, action: 'resume' });
    expect(resumed.status).toBeLessThan(400);
    await env.settle();

    expect(await payer.subscription()).toMatchObject({ cancel_at_period_end: true });
    await payer.advance(WEEK_SECONDS);
    const invoices = (
      await env.stripe.invoices.list({ subscription: payer.subscriptionId }, { stripeAccount: payer.account })
    ).data;
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(await listed(payer)).toMatchObject({ status: 'completed', paymentsMade: 2 });
  });
});

describe('stopping a subscription', () => {
  it('the payer cancels from their receipt, in the billing portal, without the merchant', async () => {
    const payer = await subscribeThroughLink(env, merchant, { title: 'Club subs' });
    const receipt = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /Your receipt/ });
    // The receipt writes the address out in its words: "Cancel or change your card at any time: …".
    const manage = new URL(/https?:\/\/\S+\/api\/subscriptions\/manage\/\S+/.exec(receipt.body.text ?? '')![0]);
    const opened = await env.api(`${manage.pathname}${manage.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const portal = opened.headers.get('location')!;
    expect(await (await fetch(portal)).text()).toContain('NZD $25.00');
    const cancelled = await submitHostedForm(portal, { subscription: payer.subscriptionId, action: 'cancel_now' });
    expect(cancelled.status).toBeLessThan(400);
    await env.settle();

    expect(await listed(payer)).toMatchObject({
      status: 'cancelled',
      nextPaymentAt: null,
      endedReason: 'The payer cancelled it.',
    });
    // A receipt's link with the wrong key opens nothing.
    const forged = await env.api(`${manage.pathname}?k=not-the-key`, { redirect: 'manual' });
    expect(forged.status).toBe(404);
  });

  it('the merchant cancels at the period end: no more payments, then ended with their reason', async () => {
    const payer = await subscribeThroughLink(env, merchant, { title: 'Gym month' });
    const before = await completedPayments();
    const response = await env.api(`/api/me/subscribers/${payer.subscriptionId}/cancel`, {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ when: 'period_end' }),
    });
    expect(response.status).toBe(200);
    expect(subscriberSchema.parse(await response.json())).toMatchObject({
      status: 'active',
      endsAtPeriodEnd: true,
      nextPaymentAt: null,
    });
    await env.settle();
    expect(await listed(payer)).toMatchObject({ status: 'active', endsAtPeriodEnd: true });

    await payer.advance(WEEK_SECONDS);
    expect(await listed(payer)).toMatchObject({
      status: 'cancelled',
      paymentsMade: 1,
      endedReason: 'You cancelled it.',
    });
    expect(await payer.subscription()).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect(await completedPayments()).toBe(before);
    expect(await subscriberStore.get(payer.subscriptionId)).toMatchObject({ status: 'cancelled' });
  });
});

describe("a recurring link's Checkout", () => {
  it('is refused for an amount the payer enters, or one payment, with words and nothing stored', async () => {
    const refused = async (input: Record<string, unknown>) => {
      const response = await env.api('/api/me/links', {
        method: 'POST',
        token: merchant.accessToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Box', isOpenAmount: false, amountCents: 3000, tipPercent: null, ...input }),
      });
      expect(response.status).toBe(400);
      return JSON.stringify(await response.json());
    };
    expect(
      await refused({ isOpenAmount: true, amountCents: null, repeat: { every: 'month', payments: null } }),
    ).toContain('Only a fixed amount can repeat.');
    expect(await refused({ repeat: { every: 'month', payments: 1 } })).toContain('from 2 to 520');
    expect(await refused({ repeat: { every: 'daily', payments: null } })).toContain(
      'weekly, fortnightly, monthly or yearly',
    );
  });

  it('is a subscription on the merchant’s account that tells the payer what repeats, the tip once', async () => {
    const link = await env.createLink(merchant, {
      title: 'Weekly pilates',
      isOpenAmount: false,
      amountCents: 2500,
      tipPercent: 10,
      repeat: { every: 'week', payments: null },
    });
    expect(link.repeat).toEqual({ every: 'week', payments: null });
    // The payer page says what repeats and what the payer agrees to, before any script runs.
    const payerPage = await (await env.api(`/p/${link.linkId}`)).text();
    expect(payerPage).toContain('NZD $25.00 every week');
    expect(payerPage).toContain('A tip is added to the first payment only.');
    const response = await env.api('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: link.linkId, tip: 'percent' }),
    });
    expect(response.status).toBe(200);
    const { paymentId, url } = checkoutResponseSchema.parse(await response.json());
    const payment = await paymentRow(env, paymentId);
    expect(payment).toMatchObject({ totalCents: 2750, tipCents: 250, recurringTerms: 'NZD $25.00 every week' });
    const session = await env.stripe.checkout.sessions.retrieve(
      payment.checkoutSessionId!,
      { expand: ['line_items'] },
      { stripeAccount: payment.stripeAccountId },
    );
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 2750,
      metadata: { paymentId, repeat: 'week:' },
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain('NZD $25.00</strong> every week');
    expect(page).toContain('Total due today <strong>NZD $27.50</strong>');
    // What the payer agrees to, beside the button (Stripe: `custom_text.submit`), as on the payer page.
    expect(page).toContain(repeatAgreementWords(2500, 'nzd', { every: 'week', payments: null }, { offersTip: true }));
  });
});
