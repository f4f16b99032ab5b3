/**
 * Issue 24, the edges of the money merge: each case below left real money wrong or pending before it was
 * closed (each test was seen failing first). Real payments on the Stripe sandbox where Stripe's part
 * matters; otherwise the domain's own functions over the real stores, with only the outside world (the bus
 * publish, a concurrent writer) made to misbehave.
 */
import type Stripe from 'stripe';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyDeps } from '@functions/adapters/money-deps';
import { moneyStore } from '@functions/adapters/money-store';
import { paymentStore } from '@functions/adapters/payment-store';
import { settlementDeps as runtimeSettlementDeps } from '@functions/adapters/settlement-deps';
import { statsStore } from '@functions/adapters/stats-store';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { type PaymentRecord } from '@functions/domain/payments';
import type { StoredRefund } from '@functions/domain/money-records';
import { mergeMoneyNews } from '@functions/domain/money-after-sale';
import { recordMoneyNews } from '@functions/domain/money-news';
import { settle } from '@functions/domain/settlement';
import { paymentDetailSchema } from '@shared/contracts/payments';
import { dashboardStatsSchema, type DashboardStats } from '@shared/contracts/stats';
import { pendingPayment, seedSettledPayments } from '../support/payments-seed';
import { paymentRow, statsItems } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const SCHEDULE = 'reverify-pending-payments';
const DAY_MS = 86_400_000;

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}, token = merchant.accessToken) {
  return env.api(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function paidPayment(amountCents: number): Promise<string> {
  const { paymentId } = await env.paidPayment(
    merchant,
    { title: `Edge ${amountCents}`, isOpenAmount: false, amountCents, tipPercent: 0 },
    { payer: { email: `edge-${Date.now()}@example.co.nz`, name: 'Edge Payer' } },
  );
  expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
  return paymentId;
}

async function stats(of = merchant): Promise<DashboardStats> {
  await env.settle();
  const response = await env.api('/api/me/stats', { token: of.accessToken });
  expect(response.status).toBe(200);
  return dashboardStatsSchema.parse(await response.json());
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

const refundNews = (refundId: string, amountCents: number, createdAt: string): StoredRefund => ({
  refundId,
  amountCents,
  currency: 'nzd',
  status: 'succeeded',
  reason: null,
  failureReason: null,
  createdAt,
});

describe('the edges of the money merge', () => {
  it('a lost dispute counts once, even when news of the charge names the dispute by another id', async () => {
    const before = await stats();
    const paymentId = await paidPayment(2500);
    const dispute = await env.sandboxControl(`/_emu/charges/${await chargeOf(paymentId)}/dispute`, {
      reason: 'fraudulent',
    });
    await env.settle();
    await env.sandboxControl(`/_emu/disputes/${dispute.id}/close`, { status: 'lost' });
    await env.settle();
    expect((await stats()).totalDisputeLosses).toBe(before.totalDisputeLosses + 2500);

    // The same charge's loss, under a new dispute id (an inquiry turned dispute, a re-filed chargeback).
    const stored = await paymentRow(env, paymentId);
    await recordMoneyNews(
      stored,
      { dispute: { ...stored.dispute!, disputeId: 'dp_same_charge_new_id', status: 'lost' } },
      await moneyDeps(),
    );
    const after = await stats();
    expect(after.totalDisputeLosses).toBe(before.totalDisputeLosses + 2500);
    expect((await paymentRow(env, paymentId)).uncountedShard).toBeUndefined();
  });

  it('a refund recorded on a payment that has not settled yet is seen by the schedule, counted on its day, and that day waits for it', async () => {
    const other = await env.createMerchant();
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    // Another payment that day, so the day exists and is due for sealing.
    await seedSettledPayments(env, { merchantId: other.sub, count: 1, settledAt: () => threeDaysAgo });
    const payment = pendingPayment(other.sub, { createdAt: new Date(threeDaysAgo.getTime() - 60_000), baseCents: 800 });
    await paymentStore.create(payment);
    // The refund's news was stored (and marked) three days ago, and the process died before it counted.
    const merged = mergeMoneyNews(
      payment,
      { refunds: [refundNews('re_before_settling', 300, threeDaysAgo.toISOString())] },
      threeDaysAgo,
    );
    expect(merged.write?.markUncounted).toBe(true);
    await moneyStore.saveMoneyState(payment.paymentId, undefined, merged.write!, threeDaysAgo);

    await env.runtime.scheduler.runNow(SCHEDULE);
    const row = await paymentRow(env, payment.paymentId);
    expect(row.uncountedShard).toBeUndefined();
    expect(row.refunds?.re_before_settling).toMatchObject({ counted: true });
    const day = dayInTimeZone(threeDaysAgo, 'Pacific/Auckland');
    const dayItem = (await statsItems(env, other.sub)).find((item) => item.day === `D#${day}`);
    expect(dayItem).toMatchObject({ refundCents: 300, refundCount: 1 });
    // Sealed with the refund in it: the lifetime has it too.
    expect(dayItem?.sealedAt).toBeDefined();
    expect((await stats(other)).totalRefunds).toBe(300);

    // The payment settles later: it counts once, on its own day, and the refund is not counted again.
    await settle(row, 'succeeded', {}, await runtimeSettlementDeps());
    const settled = await stats(other);
    expect(settled.totalRefunds).toBe(300);
    expect(settled.completedTransactions).toBe(2);
    expect((await paymentRow(env, payment.paymentId)).uncountedShard).toBeUndefined();
  });

  it('news that keeps losing the race to other writes fails loudly instead of being dropped as done', async () => {
    const paymentId = await paidPayment(1500);
    const stored = await paymentRow(env, paymentId);
    const deps = await moneyDeps();
    // Another writer changes the payment's money before every write this news attempts.
    const racing = {
      ...deps,
      money: {
        ...moneyStore,
        async saveMoneyState(...args: Parameters<typeof moneyStore.saveMoneyState>) {
          await env.documents.send(
            new UpdateCommand({
              TableName: env.runtime.dynamo.tableNames.payments,
              Key: { paymentId },
              UpdateExpression: 'SET moneyVersion = if_not_exists(moneyVersion, :zero) + :one',
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            }),
          );
          return moneyStore.saveMoneyState(...args);
        },
      },
    };
    const news = { refunds: [refundNews('re_lost_the_race', 500, new Date().toISOString())] };
    await expect(recordMoneyNews(stored, news, racing)).rejects.toThrow(/changed under it/);
    expect((await paymentRow(env, paymentId)).refunds?.re_lost_the_race).toBeUndefined();

    // Retried once the race is over (the event's retry): written and counted once.
    const before = await stats();
    await recordMoneyNews(await paymentRow(env, paymentId), news, deps);
    expect((await paymentRow(env, paymentId)).refunds?.re_lost_the_race).toMatchObject({ counted: true });
    expect((await stats()).totalRefunds).toBe(before.totalRefunds + 500);
  });

  it('a refund asked without an Idempotency-Key after an earlier one of the same amount failed is made, not answered from the failed one', async () => {
    const paymentId = await paidPayment(1000);
    const first = await post(`/api/me/payments/${paymentId}/refunds`, { amountCents: 400 });
    expect(first.status, await first.clone().text()).toBe(201);
    const failedId = paymentDetailSchema.parse(await first.json()).refunds[0]!.refundId;
    await env.sandboxControl(`/_emu/refunds/${failedId}/fail`);
    await env.settle();

    const again = await post(`/api/me/payments/${paymentId}/refunds`, { amountCents: 400 });
    expect(again.status, await again.clone().text()).toBe(201);
    const detail = paymentDetailSchema.parse(await again.json());
    expect(detail.refunds.map((refund) => refund.status).sort()).toEqual(['failed', 'succeeded']);
    expect(detail.refundedCents).toBe(400);
    const row = await paymentRow(env, paymentId);
    const onStripe = await env.stripe.refunds.list(
      { payment_intent: row.paymentIntentId! },
      { stripeAccount: row.stripeAccountId },
    );
    expect(onStripe.data).toHaveLength(2);
  });

  it('account.updated is taken from Stripe, not from a payload as old as the newest', async () => {
    const connected = await env.connectedMerchant();
    const row = async () => (await paymentRowOfMerchant(connected.sub)).stripeAccountStatus;
    expect(await row()).toBe('connected');
    const events = (await (await fetch(`${env.runtime.stripe.url}/_emu/events`)).json()) as { data: Stripe.Event[] };
    const accountId = (await paymentRowOfMerchant(connected.sub)).stripeAccountId as string;
    const newest = events.data.find((event) => event.type === 'account.updated' && event.account === accountId)!;
    expect(newest).toBeDefined();
    // An older state of the account, sent in the same second as the newest and delivered after it.
    const stale = {
      ...newest,
      id: `evt_stale_${Date.now()}`,
      data: { object: { ...(newest.data.object as object), charges_enabled: false, details_submitted: false } },
    };
    const answer = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(stale),
      'stripe-connect-webhook-secret',
    );
    expect(answer.status).toBe(200);
    await env.settle();
    expect(await row()).toBe('connected');
  });

  it('a live update that failed to publish after the status moved is published by the next delivery', async () => {
    const other = await env.createMerchant();
    const payment = pendingPayment(other.sub, { createdAt: new Date() });
    await paymentStore.create(payment);
    const deps = await runtimeSettlementDeps();
    const published: string[] = [];
    let failNext = true;
    const withFlakyBus = {
      ...deps,
      async announce(record: PaymentRecord, change?: 'status' | 'money') {
        if (failNext) {
          failNext = false;
          throw new Error('PutEvents failed (test)');
        }
        published.push(`${record.paymentId}:${record.status}`);
        await deps.announce(record, change);
      },
    };
    await expect(settle(payment, 'succeeded', {}, withFlakyBus)).rejects.toThrow(/PutEvents/);
    expect((await paymentRow(env, payment.paymentId)).status).toBe('succeeded');
    // Stripe's redelivery of the same event: the status no longer moves, but the update is still owed.
    await settle(payment, 'succeeded', {}, withFlakyBus);
    expect(published).toEqual([`${payment.paymentId}:succeeded`]);
    // And only once: a third delivery publishes nothing more.
    await settle(payment, 'succeeded', {}, withFlakyBus);
    expect(published).toHaveLength(1);
    expect(await statsStore.readDay(other.sub, dayInTimeZone(new Date(), 'Pacific/Auckland'))).toMatchObject({
      succeededCount: 1,
    });
  });
});

async function paymentRowOfMerchant(merchantId: string): Promise<Record<string, unknown>> {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId }, ConsistentRead: true }),
  );
  return Item ?? {};
}
