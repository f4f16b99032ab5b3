/**
 * Stats exactly once at any size (docs/architecture.md, "Stats and exactly-once counting"; docs/decisions.md #8,
 * #12, #18): payments are seeded through the real repository and `settle()`, never by writing counters;
 * the schedule and Verify & Refresh run as the runtime runs them.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { type PaymentRecord } from '@functions/domain/payments';
import { settle } from '@functions/domain/settlement';
import type { StatsRepository } from '@functions/domain/stats';
import { paymentStore } from '@functions/adapters/payment-store';
import { statsStore } from '@functions/adapters/stats-store';
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { verifyPaymentsResultSchema } from '@shared/contracts/payments';
import { dashboardStatsSchema, type DashboardStats } from '@shared/contracts/stats';
import { countDynamoCalls, type DynamoCallCounter } from '../support/dynamodb-call-counter';
import {
  pendingPayment,
  seedSettledPayments,
  seedSettledPaymentsInBulk,
  settlementDeps,
} from '../support/payments-seed';
import { merchantPayments, paymentRow, statsItems } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const TIME_ZONE = 'Pacific/Auckland';
const DAY_MS = 86_400_000;
const SCHEDULE = 'reverify-pending-payments';

let env: TestRuntime;
/** Every DynamoDB request the handlers send. */
let dynamoCalls: DynamoCallCounter;

beforeAll(async () => {
  env = await bootLocalRuntime();
  dynamoCalls = countDynamoCalls();
});
afterAll(async () => {
  await env?.stop();
});

/** Creates and settles payments through the repository and `settle()`. */
const seedPayments = (
  merchantId: string,
  count: number,
  settledAt: (index: number) => Date,
  status?: (index: number) => PaymentStatus,
) => seedSettledPayments(env, { merchantId, count, settledAt, status });

/** What the stats must say, worked out from the payments themselves (not from the stats code). */
function expectedStats(payments: readonly PaymentRecord[], now = new Date()) {
  const succeeded = payments.filter((payment) => payment.status === 'succeeded');
  const dayOf = (payment: PaymentRecord) => dayInTimeZone(payment.settledAt!, TIME_ZONE);
  const today = dayInTimeZone(now, TIME_ZONE);
  const thisMonth = today.slice(0, 7);
  const [year, month] = thisMonth.split('-').map(Number) as [number, number];
  const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  const revenueIn = (prefix: string) =>
    succeeded.filter((payment) => dayOf(payment).startsWith(prefix)).reduce((sum, p) => sum + p.totalCents, 0);
  const revenueByDay = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - (29 - index) * DAY_MS).toISOString().slice(0, 10);
    const ofDay = succeeded.filter((payment) => dayOf(payment) === day);
    return { day, revenueCents: ofDay.reduce((sum, p) => sum + p.totalCents, 0), payments: ofDay.length };
  });
  const pending = payments.filter((payment) => payment.status === 'pending').length;
  return {
    totalRevenue: succeeded.reduce((sum, payment) => sum + payment.totalCents, 0),
    completedTransactions: succeeded.length,
    pendingTransactions: pending,
    totalTransactions: succeeded.length + pending,
    thisMonthRevenue: revenueIn(`${thisMonth}-`),
    lastMonthRevenue: revenueIn(`${lastMonth}-`),
    revenueByDay,
  };
}

/** GET /api/me/stats, and the DynamoDB requests it made. */
async function readStats(merchant: TestMerchant): Promise<{ stats: DashboardStats; requests: number }> {
  await env.settle();
  const { result: response, calls: requests } = await dynamoCalls.during(() =>
    env.api('/api/me/stats', { token: merchant.accessToken }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return { stats: dashboardStatsSchema.parse(await response.json()), requests };
}

const runSchedule = () => env.runtime.scheduler.runNow(SCHEDULE);

describe('GET /api/me/stats', () => {
  it('equals the sum over succeeded payments, at the same DynamoDB cost at 100 and at 10,000 payments', async () => {
    const merchant = await env.createMerchant();
    const now = Date.now();
    // Links count whatever their payments: one active, one switched off.
    for (const isActive of [true, false]) {
      const link = await env.createLink(merchant, {
        title: 'Latte',
        isOpenAmount: false,
        amountCents: 600,
        tipPercent: 0,
      });
      if (!isActive) {
        await env.api(`/api/me/links/${link.linkId}`, {
          method: 'PATCH',
          token: merchant.accessToken,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isActive: false }),
        });
      }
    }
    // Two still pending (no session: the schedule has nothing to ask Stripe about).
    for (let index = 0; index < 2; index++)
      await paymentStore.create(pendingPayment(merchant.sub, { createdAt: new Date(), baseCents: 700 }));

    const failedOrSucceeded = (index: number): PaymentStatus =>
      index % 10 === 3 ? 'failed' : index % 10 === 7 ? 'expired' : 'succeeded';
    // Older history first, settled and sealed: 40 payments 35 to 94 days ago.
    await seedPayments(
      merchant.sub,
      40,
      (index) => new Date(now - (35 + (index % 60)) * DAY_MS - index),
      failedOrSucceeded,
    );
    await runSchedule();
    // Then 60 in the last 28 days (the read window), unsealed while read: 100 in all.
    // Distinct instants: dynalite's index paging can skip an item whose index sort key ties with the page's last.
    const inWindow = (index: number) => new Date(now - (index % 28) * DAY_MS - 60_000 - index);
    await seedPayments(merchant.sub, 60, inWindow, failedOrSucceeded);
    const small = await readStats(merchant);
    expect(small.stats).toMatchObject({
      ...expectedStats(await merchantPayments(env, merchant.sub)),
      activePaymentLinks: 1,
    });

    // 9,900 more in the same days (a day is only sealed after the payments it holds have settled). Written
    // settled and counted by the code's own count, 25 rows to a write (docs/decisions.md #72): the stats read
    // meets the same days, counters and `counted` sets as after `settle()`, at a quarter of its calls.
    await seedSettledPaymentsInBulk(env, {
      merchantId: merchant.sub,
      count: 9_900,
      settledAt: (index) => inWindow(100 + index),
      status: failedOrSucceeded,
    });
    const payments = await merchantPayments(env, merchant.sub);
    expect(payments).toHaveLength(10_002);
    for (const payment of payments) expect(payment.uncountedShard).toBeUndefined();
    const expected = { ...expectedStats(payments), activePaymentLinks: 1 };

    const unsealed = await readStats(merchant);
    expect(unsealed.stats).toMatchObject(expected);
    await runSchedule();
    const sealed = await readStats(merchant);
    expect(sealed.stats).toMatchObject(expected);
    expect(sealed.stats.revenueGrowth).toBeTypeOf('number');

    // Counted at the client, not taken from the code: GetItem of the person's session cut (every merchant
    // request, docs/decisions.md #200), GetItem merchant, two Query COUNTs (pending, links), BatchGetItem of the
    // aggregates, one Query of the window's days.
    expect(small.requests).toBe(6);
    expect(unsealed.requests).toBe(small.requests);
    expect(sealed.requests).toBe(small.requests);
  }, 600_000);
});

/** Merchant-facing day key of a stored settledAt. */
const settledDay = (payment: PaymentRecord) => dayInTimeZone(payment.settledAt!, TIME_ZONE);

/** A StatsRepository around the real store that dies once, before or after the day's write lands. */
function crashingStats(crashOnCall: number, when: 'before' | 'after'): StatsRepository {
  let calls = 0;
  return {
    ...statsStore,
    async countSucceededPayment(payment, day) {
      const crashes = calls++ === crashOnCall;
      if (crashes && when === 'before') throw new Error('crash before the count (test)');
      const outcome = await statsStore.countSucceededPayment(payment, day);
      if (crashes && when === 'after') throw new Error('crash after the count (test)');
      return outcome;
    },
  };
}

describe('exactly once, whatever Stripe and crashes do', () => {
  it('after the schedule, stats equal the sum over succeeded payments for any sequence of deliveries', async () => {
    const delivery = fc.record({
      payment: fc.nat({ max: 4 }),
      status: fc.constantFrom<PaymentStatus>('succeeded', 'failed', 'expired', 'canceled'),
      /** When this delivery is handled: up to 5 days ago, so some days are sealable. */
      daysAgo: fc.integer({ min: 0, max: 5 }),
      minutesAgo: fc.integer({ min: 1, max: 600 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(delivery, { minLength: 1, maxLength: 14 }),
        fc.nat({ max: 8 }),
        fc.constantFrom<'before' | 'after'>('before', 'after'),
        fc.boolean(),
        async (deliveries, crashOnCall, when, redeliverAfterSealing) => {
          const merchant = await env.createMerchant();
          const now = Date.now();
          // Created 6 days ago: a count on the created day instead of the settled day would show.
          const payments = Array.from({ length: 5 }, () =>
            pendingPayment(merchant.sub, { createdAt: new Date(now - 6 * DAY_MS), baseCents: 1_000, tipCents: 100 }),
          );
          for (const payment of payments) await paymentStore.create(payment);

          const stats = crashingStats(crashOnCall, when);
          const deliver = async (list: typeof deliveries) => {
            for (const { payment, status, daysAgo, minutesAgo } of list) {
              const at = new Date(now - daysAgo * DAY_MS - minutesAgo * 60_000);
              // A crash is an error the handler dies with; Stripe may or may not deliver again.
              await settle(payments[payment]!, status, {}, settlementDeps(env, at, stats)).catch(() => undefined);
            }
          };
          await deliver(deliveries);
          await runSchedule();
          if (redeliverAfterSealing) {
            // Stripe redelivers everything after the days were sealed: nothing may count again.
            await deliver([...deliveries].reverse());
            await runSchedule();
          }

          const stored = await merchantPayments(env, merchant.sub);
          for (const payment of stored) expect(payment.uncountedShard).toBeUndefined();
          const { stats: read } = await readStats(merchant);
          expect(read).toMatchObject(expectedStats(stored));
          // Day by day, and each id at most once, in the day it settled.
          const days = (await statsItems(env, merchant.sub)).filter((item) => item.day.startsWith('D#'));
          for (const item of days) {
            const ofDay = stored.filter((p) => p.status === 'succeeded' && `D#${settledDay(p)}` === item.day);
            expect(item.succeededCount).toBe(ofDay.length);
            expect(item.revenueCents).toBe(ofDay.reduce((sum, p) => sum + p.totalCents, 0));
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('sealing', () => {
  it('rolls each closed day into its month and the lifetime once, even run twice at once or after a crash', async () => {
    const merchant = await env.createMerchant();
    const now = Date.now();
    const daysAgo = [0, 3, 3, 4, 9];
    await seedPayments(merchant.sub, daysAgo.length, (index) => new Date(now - daysAgo[index]! * DAY_MS));
    const stored = await merchantPayments(env, merchant.sub);
    const before = (await readStats(merchant)).stats;
    expect(before).toMatchObject(expectedStats(stored));

    // A seal that crashed after rolling one day into its month, but not yet into the lifetime.
    const crashedDay = settledDay(stored.find((p) => p.settledAt! < new Date(now - 3.5 * DAY_MS).toISOString())!);
    const dayTotals = await statsStore.readDay(merchant.sub, crashedDay);
    expect(await statsStore.rollDayInto(`M#${crashedDay.slice(0, 7)}`, dayTotals!)).toBe(true);
    expect((await readStats(merchant)).stats).toEqual(before);

    await Promise.all([runSchedule(), runSchedule()]);
    await runSchedule();
    expect((await readStats(merchant)).stats).toEqual(before);

    const items = await statsItems(env, merchant.sub);
    const closed = items.filter(
      (item) => item.day.startsWith('D#') && item.day <= `D#${dayInTimeZone(new Date(now - 2 * DAY_MS), 'UTC')}`,
    );
    expect(closed.length).toBeGreaterThanOrEqual(2);
    for (const day of closed) {
      expect(day.sealedAt).toBeDefined();
      expect(day.counted).toBeUndefined();
      expect(day.unsealedShard).toBeUndefined();
      expect(day.revenueCents).toBeGreaterThan(0); // the chart still reads sealed days
    }
    const open = items.find((item) => item.day === `D#${dayInTimeZone(new Date(now), TIME_ZONE)}`)!;
    expect(open.unsealedShard).toBeDefined();
    expect([...open.counted]).toHaveLength(1);

    const lifetime = items.find((item) => item.day === 'ALL')!;
    expect([...lifetime.rolledDays].sort()).toEqual(closed.map((day) => day.day.slice(2)).sort());
    expect(lifetime.revenueCents).toBe(closed.reduce((sum, day) => sum + day.revenueCents, 0));
    for (const month of items.filter((item) => item.day.startsWith('M#'))) {
      const ofMonth = closed.filter((day) => day.day.startsWith(`D#${month.day.slice(2)}-`));
      expect([...month.rolledDays].sort()).toEqual(ofMonth.map((day) => day.day.slice(2)).sort());
      expect(month.revenueCents).toBe(ofMonth.reduce((sum, day) => sum + day.revenueCents, 0));
    }
  });
});

/** A flat white with no tip: the payments' amounts are the link's. */
function createLink(merchant: TestMerchant) {
  return env.createLink(merchant, { title: 'Flat white', isOpenAmount: false, amountCents: 550, tipPercent: 0 });
}

/** Checkout and pay on the sandbox while its completed webhook is lost. */
async function payWithLostWebhook(linkId: string) {
  const drop = await fetch(`${env.runtime.stripe.url}/_emu/webhooks/drop?count=1&types=checkout.session.completed`, {
    method: 'POST',
  });
  expect(await drop.json()).toEqual({ dropping: 1, types: ['checkout.session.completed'] });
  const response = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });
  const { url, paymentId } = checkoutResponseSchema.parse(await response.json());
  const paid = await payOnHostedCheckout(url);
  expect(paid.status).toBe(303);
  await env.settle();
  return paymentId;
}

function verify(merchant: TestMerchant) {
  return env.api('/api/me/payments/verify', { method: 'POST', token: merchant.accessToken });
}

describe('a lost webhook', () => {
  it('leaves the payment pending until the schedule asks Stripe, then it settles and counts once', async () => {
    const merchant = await env.connectedMerchant();
    const paymentId = await payWithLostWebhook((await createLink(merchant)).linkId);

    const { checkoutSessionId } = await paymentRow(env, paymentId);
    const events = (await (await fetch(`${env.runtime.stripe.url}/_emu/events`)).json()).data as {
      type: string;
      data: { object: { id: string } };
    }[];
    // Stripe did create the event; only its delivery was lost.
    expect(events.some((e) => e.type === 'checkout.session.completed' && e.data.object.id === checkoutSessionId)).toBe(
      true,
    );
    expect((await paymentRow(env, paymentId)).status).toBe('open');
    expect((await readStats(merchant)).stats).toMatchObject({ pendingTransactions: 0, completedTransactions: 0 });

    await runSchedule();
    const settled = await paymentRow(env, paymentId);
    expect(settled).toMatchObject({ status: 'succeeded', cardLast4: '4242', payerName: 'Rawiri Payer' });
    expect(settled.uncountedShard).toBeUndefined();
    await runSchedule();
    expect((await readStats(merchant)).stats).toMatchObject({
      pendingTransactions: 0,
      completedTransactions: 1,
      totalRevenue: 550,
    });
  });

  it("Verify & Refresh settles the merchant's own pending payments only, and one Stripe failure stops nothing", async () => {
    const merchantA = await env.createMerchant();
    const merchantB = await env.createMerchant();
    await env.connectStripe(merchantA);
    await env.connectStripe(merchantB);
    const paymentOfA = await payWithLostWebhook((await createLink(merchantA)).linkId);
    const paymentOfB = await payWithLostWebhook((await createLink(merchantB)).linkId);
    // A pending payment whose session Stripe does not know (older, so it is checked first): a 404 from Stripe.
    const broken = {
      ...pendingPayment(merchantB.sub, { createdAt: new Date(Date.now() - 3_600_000), baseCents: 900 }),
      stripeAccountId: (await paymentRow(env, paymentOfB)).stripeAccountId,
      checkoutSessionId: 'cs_test_unknown_to_stripe',
    };
    await paymentStore.create(broken);

    const answerOfB = await verify(merchantB);
    expect(answerOfB.status).toBe(200);
    expect(verifyPaymentsResultSchema.parse(await answerOfB.json())).toEqual({ checked: 1, settled: 1 });
    expect((await paymentRow(env, paymentOfB)).status).toBe('succeeded');
    expect((await paymentRow(env, broken.paymentId)).status).toBe('pending');
    expect((await paymentRow(env, paymentOfA)).status).toBe('open');
    expect((await readStats(merchantA)).stats.completedTransactions).toBe(0);

    const answerOfA = await verify(merchantA);
    expect(verifyPaymentsResultSchema.parse(await answerOfA.json())).toEqual({ checked: 1, settled: 1 });
    expect((await paymentRow(env, paymentOfA)).status).toBe('succeeded');
    expect((await readStats(merchantA)).stats).toMatchObject({ completedTransactions: 1, totalRevenue: 550 });
    // Asked again: nothing pending is left to check, nothing counts twice.
    expect(verifyPaymentsResultSchema.parse(await (await verify(merchantA)).json())).toEqual({
      checked: 0,
      settled: 0,
    });
    expect((await readStats(merchantA)).stats).toMatchObject({ completedTransactions: 1, totalRevenue: 550 });
  });

  it('refuses Verify & Refresh without a token', async () => {
    expect((await env.api('/api/me/payments/verify', { method: 'POST' })).status).toBe(401);
  });
});
