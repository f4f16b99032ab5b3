/**
 * Reliability suite: a webhook storm of recurring links' events. Real subscriptions on the Stripe sandbox,
 * moved by a test clock — renewed, declined then recovered, cancelled by the merchant, ended after a set number
 * of payments — then every subscription and invoice event the sandbox sent delivered again: each several
 * times under its own id (Stripe's retries) and under ids of its own (news of the same invoice that no claim by
 * event id stops), in a seeded shuffle, four at a time, every `invoice.paid` also four at once, with forged but
 * signed events that say the contrary. Throughout and afterwards each period is counted once, each subscriber
 * stays at Stripe's word (ended stays ended), no payment steps back, and the stats do not move.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_RANK } from '@functions/domain/payment-status';
import type { PaymentRecord } from '@functions/domain/payments';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { subscriberListSchema, type Subscriber } from '@shared/contracts/subscribers';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';
import { emailsTo } from '../support/mailbox';
import {
  DAY_SECONDS,
  DECLINES_AFTER_ATTACHING,
  PAYS,
  WEEK_SECONDS,
  subscribeThroughLink,
  type RecurringPayer,
} from '../support/recurring-payer';
import { seededRandom, shuffle } from '../support/seeded-random';
import { merchantPayments, statsItems } from '../support/stored-rows';

/** The shuffle's seed: fixed, so a failure replays in the same order. */
const SEED = 0x5eed_0045;
const RETRIES_PER_EVENT = 3;
const COPIES_UNDER_NEW_IDS = 2;
const CONCURRENCY = 4;
const CONNECT = '/api/webhooks/stripe-connect';

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

async function subscribers(): Promise<Map<string, Subscriber>> {
  const response = await env.api('/api/me/subscribers', { token: merchant.accessToken });
  const { subscribers: list } = subscriberListSchema.parse(await response.json());
  return new Map(list.map((subscriber) => [subscriber.subscriptionId, subscriber]));
}

async function stats() {
  const response = await env.api('/api/me/stats', { token: merchant.accessToken });
  return dashboardStatsSchema.parse(await response.json());
}

type Delivery = { kind: string; body: string };

function deliver({ body }: Delivery) {
  const signature = env.stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: process.env.STRIPE_CONNECT_WEBHOOK_SECRET!,
  });
  return env.api(CONNECT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
}

/** A signed event Stripe never sent, saying the contrary about a real subscription or invoice. */
function forged(type: string, object: Record<string, unknown>, account: string): Delivery {
  const event = {
    id: `evt_forged_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    account,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    api_version: '2026-10-28.endive',
    data: { object },
  };
  return { kind: 'forged', body: JSON.stringify(event) };
}

describe('webhook storm of subscription events', () => {
  it('duplicated, reordered and concurrent: each period counted once, statuses only at Stripe’s word', async () => {
    const started = Date.now();
    // Renewed twice: three periods.
    const renewed = await subscribeThroughLink(env, merchant, { title: 'Storm yoga', tip: 'percent' });
    await renewed.advance(2 * WEEK_SECONDS);
    // Declined, then the fixed card's retry pays: two periods, active.
    const recovered = await subscribeThroughLink(env, merchant, { title: 'Storm veggie box' });
    await recovered.useCard(DECLINES_AFTER_ATTACHING);
    await recovered.advance(WEEK_SECONDS);
    await recovered.useCard(PAYS);
    await recovered.advance(DAY_SECONDS);
    // Cancelled by the merchant after one renewal: two periods, ended.
    const cancelled = await subscribeThroughLink(env, merchant, { title: 'Storm gym' });
    await cancelled.advance(WEEK_SECONDS);
    const cancel = await env.api(`/api/me/subscribers/${cancelled.subscriptionId}/cancel`, {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ when: 'now' }),
    });
    expect(cancel.status).toBe(200);
    // Two payments and no more: completed at the end of the second period.
    const counted = await subscribeThroughLink(env, merchant, {
      title: 'Storm classes',
      repeat: { every: 'week', payments: 2 },
    });
    await counted.advance(WEEK_SECONDS);
    await counted.advance(WEEK_SECONDS);
    await env.settle();

    const payers: RecurringPayer[] = [renewed, recovered, cancelled, counted];
    const truth = new Map([
      [renewed.subscriptionId, { status: 'active', paymentsMade: 3 }],
      [recovered.subscriptionId, { status: 'active', paymentsMade: 2 }],
      [cancelled.subscriptionId, { status: 'cancelled', paymentsMade: 2 }],
      [counted.subscriptionId, { status: 'completed', paymentsMade: 2 }],
    ]);
    const atStart = await subscribers();
    for (const [subscriptionId, expected] of truth) {
      expect(atStart.get(subscriptionId), subscriptionId).toMatchObject(expected);
    }
    const periods = [...truth.values()].reduce((sum, { paymentsMade }) => sum + paymentsMade, 0);
    const statsBefore = await stats();
    expect(statsBefore.completedTransactions).toBe(periods);
    const receiptsBefore = await Promise.all(
      payers.map(async (payer) => (await emailsTo(env.runtime.mailbox.url, payer.email)).length),
    );

    const events = (await Promise.all(payers.map((payer) => payer.events()))).flat();
    const types = new Set(events.map((event) => event.type));
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
      'invoice.payment_failed',
    ]) {
      expect(types, type).toContain(type);
    }
    const deliveries: Delivery[] = [];
    for (const event of events) {
      for (let retry = 0; retry < RETRIES_PER_EVENT; retry++)
        deliveries.push({ kind: 'retry', body: JSON.stringify(event) });
      for (let copy = 0; copy < COPIES_UNDER_NEW_IDS; copy++) {
        deliveries.push({ kind: 'new-id', body: JSON.stringify({ ...event, id: `${event.id}c${copy}` }) });
      }
    }
    // Contrary news, signed: the ended ones active again, a paid renewal failed, a subscription back to past due.
    const account = renewed.account;
    const subscriptionObject = async (payer: RecurringPayer) =>
      (await payer.subscription()) as unknown as Record<string, unknown>;
    deliveries.push(
      forged('customer.subscription.updated', { ...(await subscriptionObject(cancelled)), status: 'active' }, account),
    );
    deliveries.push(
      forged('customer.subscription.updated', { ...(await subscriptionObject(counted)), status: 'active' }, account),
    );
    deliveries.push(
      forged('customer.subscription.updated', { ...(await subscriptionObject(renewed)), status: 'past_due' }, account),
    );
    const paidInvoice = events.find(
      (event) =>
        event.type === 'invoice.paid' && (event.data.object as Stripe.Invoice).billing_reason === 'subscription_cycle',
    )!;
    deliveries.push(
      forged(
        'invoice.payment_failed',
        { ...paidInvoice.data.object, status: 'open', next_payment_attempt: null },
        account,
      ),
    );
    deliveries.push(
      forged(
        'customer.subscription.deleted',
        { ...(await subscriptionObject(recovered)), status: 'canceled' },
        account,
      ),
    );

    const figures = { requests: 0, notOk: 0, regressions: 0 };
    const unexpected: string[] = [];
    const ranks = new Map<string, number>();
    const watch = async () => {
      const now = await subscribers();
      for (const [subscriptionId, expected] of truth) {
        const seen = now.get(subscriptionId);
        if (seen?.status !== expected.status || seen.paymentsMade !== expected.paymentsMade) {
          figures.regressions += 1;
          unexpected.push(`${subscriptionId} read ${seen?.status} with ${seen?.paymentsMade} payments`);
        }
      }
      for (const payment of await merchantPayments(env, merchant.sub)) {
        const rank = STATUS_RANK[payment.status];
        if (rank < (ranks.get(payment.paymentId) ?? rank)) {
          figures.regressions += 1;
          unexpected.push(`${payment.paymentId} stepped back to ${payment.status}`);
        }
        ranks.set(payment.paymentId, Math.max(rank, ranks.get(payment.paymentId) ?? rank));
      }
    };
    const send = async (delivery: Delivery) => {
      const response = await deliver(delivery);
      await response.text();
      figures.requests += 1;
      if (response.status !== 200) {
        figures.notOk += 1;
        unexpected.push(`${delivery.kind} → ${response.status}`);
      }
    };
    await watch();

    // Every invoice.paid four at once under new ids: the same period reaching the consumer side by side.
    for (const event of events.filter((candidate) => candidate.type === 'invoice.paid')) {
      await Promise.all(
        [0, 1, 2, 3].map((copy) =>
          send({ kind: 'concurrent', body: JSON.stringify({ ...event, id: `${event.id}p${copy}` }) }),
        ),
      );
    }
    await env.settle();
    await watch();
    const order = shuffle(deliveries, seededRandom(SEED));
    for (let start = 0; start < order.length; start += CONCURRENCY) {
      await Promise.all(order.slice(start, start + CONCURRENCY).map(send));
      if ((start / CONCURRENCY) % 10 === 9) {
        await env.settle();
        await watch();
      }
    }
    await env.settle();
    await watch();

    // Each period one succeeded payment, counted once in the stats and once per day.
    const payments = (await merchantPayments(env, merchant.sub)) as PaymentRecord[];
    const ours = payments.filter((payment) =>
      payers.some((payer) => payment.paymentId === payer.paymentId || payment.subscriptionId === payer.subscriptionId),
    );
    expect(ours.map((payment) => payment.status)).toEqual(Array(periods).fill('succeeded'));
    const days = (await statsItems(env, merchant.sub)).filter((item) => String(item.day).startsWith('D#'));
    const countedIds = days.flatMap((item) => [...((item.counted as Set<string> | undefined) ?? [])]);
    const statsAfter = await stats();
    const doubleCounts =
      Math.max(0, statsAfter.completedTransactions - periods) + (countedIds.length - new Set(countedIds).size);
    const receiptsAfter = await Promise.all(
      payers.map(async (payer) => (await emailsTo(env.runtime.mailbox.url, payer.email)).length),
    );

    console.log(
      `webhook-storm-subscriptions: events ${events.length}, delivered ${figures.requests}, not-200 ${figures.notOk}, ` +
        `double counts ${doubleCounts}, regressions ${figures.regressions}, seed ${SEED.toString(16)}, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(unexpected).toEqual([]);
    expect(doubleCounts).toBe(0);
    expect(countedIds.sort()).toEqual(ours.map((payment) => payment.paymentId).sort());
    for (const key of ['completedTransactions', 'pendingTransactions', 'totalRevenue', 'totalTransactions'] as const) {
      expect(statsAfter[key], key).toBe(statsBefore[key]);
    }
    // No receipt, decline or ending email sent twice.
    expect(receiptsAfter).toEqual(receiptsBefore);
  });
});
