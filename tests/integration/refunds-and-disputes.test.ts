/**
 * Issue 11: the money after the sale. Real payments on the Stripe sandbox, refunded through
 * POST /api/me/payments/{id}/refunds and disputed through the sandbox's test controls; every refund and
 * dispute event the sandbox sent is then redelivered 5 times in a seeded shuffle. The payment's states and
 * the stats (net revenue, refunds, dispute losses) stay exactly right, each refund counts once, the payer
 * hears of each refund once, and nobody but the payment's merchant can refund it.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyStore } from '@functions/adapters/money-store';
import { mergeMoneyNews } from '@functions/domain/money-after-sale';
import { paymentDetailSchema, type PaymentDetail } from '@shared/contracts/payments';
import { dashboardStatsSchema, type DashboardStats } from '@shared/contracts/stats';
import { emailsTo } from '../support/mailbox';
import { seededRandom, shuffle } from '../support/seeded-random';
import { paymentRow, statsItems } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const SCHEDULE = 'reverify-pending-payments';

let env: TestRuntime;
let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  other = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

function send(path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return env.api(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A link of `amountCents`, paid with the sandbox's hosted Checkout by `payerEmail`; answers the payment id. */
async function paidPayment(amountCents: number, payerEmail: string): Promise<string> {
  const { paymentId } = await env.paidPayment(
    merchant,
    { title: `Refundable ${amountCents}`, isOpenAmount: false, amountCents, tipPercent: 0 },
    { payer: { email: payerEmail, name: 'Aroha Payer' } },
  );
  expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
  return paymentId;
}

async function refund(paymentId: string, amountCents: number, key?: string, token = merchant.accessToken) {
  return send(
    `/api/me/payments/${paymentId}/refunds`,
    { amountCents, reason: 'requested_by_customer' },
    token,
    key ? { 'idempotency-key': key } : {},
  );
}

async function detail(paymentId: string): Promise<PaymentDetail> {
  const response = await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return paymentDetailSchema.parse(await response.json());
}

async function stats(): Promise<DashboardStats> {
  const response = await env.api('/api/me/stats', { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return dashboardStatsSchema.parse(await response.json());
}

async function stripeRefundsOf(paymentId: string): Promise<Stripe.Refund[]> {
  const row = await paymentRow(env, paymentId);
  const list = await env.stripe.refunds.list(
    { payment_intent: row.paymentIntentId!, limit: 100 },
    { stripeAccount: row.stripeAccountId },
  );
  return list.data;
}

async function chargeOf(paymentId: string): Promise<string> {
  const row = await paymentRow(env, paymentId);
  const intent = await env.stripe.paymentIntents.retrieve(
    row.paymentIntentId!,
    {},
    { stripeAccount: row.stripeAccountId },
  );
  return typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge!.id;
}

async function sandboxEvents(): Promise<Stripe.Event[]> {
  return ((await (await fetch(`${env.runtime.stripe.url}/_emu/events`)).json()) as { data: Stripe.Event[] }).data;
}

const MONEY_EVENT = /^(charge\.refunded|charge\.refund\.updated|refund\.|charge\.dispute\.)/;

/** Every refund and dispute event the sandbox sent, 5 times each, shuffled, through the Connect endpoint. */
async function redeliverMoneyEvents(seed: number) {
  const events = (await sandboxEvents()).filter((event) => MONEY_EVENT.test(event.type) && event.account);
  expect(events.length).toBeGreaterThan(0);
  const deliveries = shuffle(
    events.flatMap((event) => Array.from({ length: 5 }, () => JSON.stringify(event))),
    seededRandom(seed),
  );
  for (let index = 0; index < deliveries.length; index += 4) {
    const batch = deliveries.slice(index, index + 4);
    const answers = await Promise.all(
      batch.map((body) =>
        env.deliverSignedWebhook('/api/webhooks/stripe-connect', body, 'stripe-connect-webhook-secret'),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
  }
  await env.settle();
  return events.map((event) => event.type);
}

describe('refunds', () => {
  let paymentId: string;
  const payer = `refund-payer-${Date.now()}@example.co.nz`;

  it('a partial refund: Partially refunded, what remains refundable, once per idempotency key', async () => {
    paymentId = await paidPayment(2000, payer);
    const first = await refund(paymentId, 500, 'dialog-key-0001');
    expect(first.status, await first.clone().text()).toBe(201);
    const answered = paymentDetailSchema.parse(await first.json());
    expect(answered).toMatchObject({
      status: 'succeeded',
      moneyState: 'partially_refunded',
      refundedCents: 500,
      refundableCents: 1500,
    });
    expect(answered.refunds).toHaveLength(1);
    expect(answered.refunds[0]).toMatchObject({
      amountCents: 500,
      status: 'succeeded',
      reason: 'requested_by_customer',
    });

    // A double click, or the browser's retry: the same key refunds once, and answers the same.
    const again = await refund(paymentId, 500, 'dialog-key-0001');
    expect(again.status).toBe(201);
    expect(paymentDetailSchema.parse(await again.json()).refunds).toEqual(answered.refunds);
    expect(await stripeRefundsOf(paymentId)).toHaveLength(1);
  });

  it('another merchant cannot refund the payment: 404, exactly as a missing one, and nothing changes', async () => {
    const before = await paymentRow(env, paymentId);
    const foreign = await refund(paymentId, 100, 'foreign-key-0001', other.accessToken);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: 'Payment not found' });
    const missing = await refund('pay_AAAAAAAAAAAAAAAA', 100, 'missing-key-0001');
    expect(missing.status).toBe(404);
    expect(await paymentRow(env, paymentId)).toEqual(before);
    expect(await stripeRefundsOf(paymentId)).toHaveLength(1);
  });

  it('bad input is a 400 in plain words and changes nothing', async () => {
    const before = await paymentRow(env, paymentId);
    const tooMuch = await refund(paymentId, 1501, 'too-much-key-0001');
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ code: 'refund_too_large', message: 'You can refund at most $15.00.' });
    for (const body of [
      { amountCents: 0 },
      { amountCents: 12.5 },
      { amountCents: '500' },
      { amountCents: 100, reason: 'because' },
    ]) {
      const answer = await send(`/api/me/payments/${paymentId}/refunds`, body, merchant.accessToken);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const badKey = await refund(paymentId, 100, 'short');
    expect(badKey.status).toBe(400);
    const notJson = await send(`/api/me/payments/${paymentId}/refunds`, '{', merchant.accessToken);
    expect(notJson.status).toBe(400);
    expect(await paymentRow(env, paymentId)).toEqual(before);
    expect(await stripeRefundsOf(paymentId)).toHaveLength(1);
  });

  it('refunding the rest: Refunded, nothing left to refund, and a further refund is refused', async () => {
    const rest = await refund(paymentId, 1500, 'dialog-key-0002');
    expect(rest.status, await rest.clone().text()).toBe(201);
    expect(paymentDetailSchema.parse(await rest.json())).toMatchObject({
      moneyState: 'refunded',
      refundedCents: 2000,
      refundableCents: 0,
    });
    const more = await refund(paymentId, 1, 'dialog-key-0003');
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({ message: 'This payment has already been refunded in full.' });
  });

  it('every event 5× shuffled changes nothing: states and stats exact, each refund counted once, the payer told once per refund', async () => {
    const types = await redeliverMoneyEvents(0x0011_5eed);
    expect(types).toContain('charge.refunded');
    const payment = await detail(paymentId);
    expect(payment).toMatchObject({ moneyState: 'refunded', refundedCents: 2000, refundableCents: 0 });
    expect(payment.refunds.map((refund) => [refund.amountCents, refund.status])).toEqual([
      [500, 'succeeded'],
      [1500, 'succeeded'],
    ]);
    const overview = await stats();
    expect(overview).toMatchObject({
      grossRevenue: 2000,
      totalRefunds: 2000,
      totalDisputeLosses: 0,
      totalRevenue: 0,
      thisMonthRevenue: 0,
      thisMonthRefunds: 2000,
      completedTransactions: 1,
    });
    const today = overview.revenueByDay.at(-1)!;
    expect(today).toMatchObject({ revenueCents: 0, refundCents: 2000, payments: 1 });
    const row = await paymentRow(env, paymentId);
    expect(row.uncountedShard).toBeUndefined();

    const notices = (await emailsTo(env.runtime.mailbox.url, payer)).filter((email) => /refunded/i.test(email.subject));
    expect(notices.map((email) => email.subject).sort()).toEqual([
      expect.stringContaining('refunded $15.00'),
      expect.stringContaining('refunded $5.00'),
    ]);
  });

  it('the list filters by the new groups and shows the money state', async () => {
    const refunded = await env.api('/api/me/payments?status=refunded', { token: merchant.accessToken });
    const { payments } = (await refunded.json()) as { payments: { paymentId: string; moneyState: string }[] };
    expect(payments.map((payment) => payment.paymentId)).toContain(paymentId);
    const approved = await env.api('/api/me/payments?status=approved', { token: merchant.accessToken });
    const approvedIds = ((await approved.json()) as { payments: { paymentId: string }[] }).payments.map(
      (payment) => payment.paymentId,
    );
    expect(approvedIds).not.toContain(paymentId);
  });
});

describe('a refund that fails later', () => {
  it('gives its amount back to what is refundable and to revenue, once', async () => {
    const before = await stats();
    const paymentId = await paidPayment(1200, `failing-refund-${Date.now()}@example.co.nz`);
    const made = await refund(paymentId, 700, 'failing-key-0001');
    expect(made.status, await made.clone().text()).toBe(201);
    const refundId = paymentDetailSchema.parse(await made.json()).refunds[0]!.refundId;
    expect((await stats()).totalRefunds).toBe(before.totalRefunds + 700);

    await env.sandboxControl(`/_emu/refunds/${refundId}/fail`, { failure_reason: 'expired_or_canceled_card' });
    await env.settle();
    await redeliverMoneyEvents(0x0022_5eed);
    const payment = await detail(paymentId);
    expect(payment).toMatchObject({ moneyState: null, refundedCents: 0, refundableCents: 1200 });
    expect(payment.refunds[0]).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    const after = await stats();
    expect(after.totalRefunds).toBe(before.totalRefunds);
    expect(after.grossRevenue).toBe(before.grossRevenue + 1200);
    expect(after.totalRevenue).toBe(before.totalRevenue + 1200);
  });
});

describe('a crash between recording a refund and counting it', () => {
  it('leaves the payment marked uncounted, and the schedule finishes the count once', async () => {
    const before = await stats();
    const paymentId = await paidPayment(900, `crash-payer-${Date.now()}@example.co.nz`);
    const stored = await paymentRow(env, paymentId);
    // The consumer's merge write landed (as recordMoneyNews writes it), then the process died before the count.
    const news = mergeMoneyNews(
      stored,
      {
        refunds: [
          {
            refundId: 're_crashed_before_count',
            amountCents: 400,
            currency: 'nzd',
            status: 'succeeded',
            reason: null,
            failureReason: null,
            createdAt: new Date().toISOString(),
          },
        ],
      },
      new Date(),
    );
    expect(news.write?.markUncounted).toBe(true);
    expect(await moneyStore.saveMoneyState(paymentId, stored.moneyVersion, news.write!, new Date())).toBeDefined();
    expect((await paymentRow(env, paymentId)).uncountedShard).toBeDefined();
    expect((await stats()).totalRefunds).toBe(before.totalRefunds);

    await Promise.all([env.runtime.scheduler.runNow(SCHEDULE), env.runtime.scheduler.runNow(SCHEDULE)]);
    await env.runtime.scheduler.runNow(SCHEDULE);
    const after = await stats();
    expect(after.totalRefunds).toBe(before.totalRefunds + 400);
    expect(after.grossRevenue).toBe(before.grossRevenue + 900);
    const row = await paymentRow(env, paymentId);
    expect(row.uncountedShard).toBeUndefined();
    expect(row.refunds?.re_crashed_before_count).toMatchObject({ counted: true });
  });
});

describe('disputes', () => {
  it('opened: Disputed with its evidence due date, no refund allowed; lost: counted once as a loss on the day it was lost', async () => {
    const before = await stats();
    const paymentId = await paidPayment(3000, `disputing-payer-${Date.now()}@example.co.nz`);
    const dispute = await env.sandboxControl(`/_emu/charges/${await chargeOf(paymentId)}/dispute`, {
      reason: 'fraudulent',
    });
    await env.settle();
    const opened = await detail(paymentId);
    expect(opened).toMatchObject({ moneyState: 'disputed', refundableCents: 0 });
    expect(opened.dispute).toMatchObject({
      disputeId: dispute.id,
      status: 'needs_response',
      reason: 'fraudulent',
      amountCents: 3000,
    });
    expect(Date.parse(opened.dispute!.evidenceDueBy!)).toBeGreaterThan(Date.now());
    expect(opened.dispute!.respondUrl).toBeTruthy();

    const refused = await refund(paymentId, 100, 'disputed-key-0001');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'payment_disputed' });

    await env.sandboxControl(`/_emu/disputes/${dispute.id}/close`, { status: 'lost' });
    await env.settle();
    await redeliverMoneyEvents(0x0033_5eed);
    const lost = await detail(paymentId);
    expect(lost).toMatchObject({ moneyState: 'disputed', refundableCents: 0 });
    expect(lost.dispute).toMatchObject({ status: 'lost' });
    const after = await stats();
    expect(after.totalDisputeLosses).toBe(before.totalDisputeLosses + 3000);
    expect(after.grossRevenue).toBe(before.grossRevenue + 3000);
    expect(after.totalRevenue).toBe(before.totalRevenue);
    const day = (await statsItems(env, merchant.sub)).find((item) => String(item.day).startsWith('D#'));
    expect(day?.counted).toContain(`${paymentId}#dispute-lost`);
  });
});
