/**
 * One merchant settling more payments in one day than one DynamoDB item could guard (docs/architecture.md
 * "Stats and exactly-once counting"). The local item size limit is lowered to 16 KB (about 600 payment
 * ids) and the stats store's keys per item to 40, so a day of 1,000 payments outgrows its day item and two
 * levels of overflow items with 1,000 settlements instead of tens of thousands; the bench runs the same
 * day at the real 400 KB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { paymentStore } from '@functions/adapters/payment-store';
import { statsStore } from '@functions/adapters/stats-store';
import { sealDay } from '@functions/domain/stats';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { countDynamoCalls, type DynamoCallCounter } from '../support/dynamodb-call-counter';
import { seedSettledPaymentsInBulk } from '../support/payments-seed';
import { merchantPayments, statsItems } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const TIME_ZONE = 'Pacific/Auckland';
const PAYMENTS = 1_000;
const KEYS_PER_ITEM = 40;

let env: TestRuntime;
let dynamoCalls: DynamoCallCounter;
const keysBefore = process.env.STATS_KEYS_PER_ITEM;

beforeAll(async () => {
  process.env.STATS_KEYS_PER_ITEM = String(KEYS_PER_ITEM);
  env = await bootLocalRuntime({ dynamoMaxItemSizeKb: 16 });
  dynamoCalls = countDynamoCalls();
});
afterAll(async () => {
  if (keysBefore === undefined) delete process.env.STATS_KEYS_PER_ITEM;
  else process.env.STATS_KEYS_PER_ITEM = keysBefore;
  await env?.stop();
});

async function readStats(merchant: TestMerchant) {
  await env.settle();
  const { result: response, calls } = await dynamoCalls.during(() =>
    env.api('/api/me/stats', { token: merchant.accessToken }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return { stats: dashboardStatsSchema.parse(await response.json()), calls };
}

describe('a busy merchant day', () => {
  it('counts every payment of a day larger than one item exactly once, and reads it in the same six calls', async () => {
    const merchant = await env.createMerchant();
    // Yesterday at 00:00 UTC is 12:00 or 13:00 in Auckland: every payment of the run settles on one day.
    const yesterday = dayInTimeZone(new Date(Date.now() - 86_400_000), TIME_ZONE);
    const noon = Date.parse(`${yesterday}T00:00:00Z`);
    // Written settled and counted one by one by the code's own count (what this test is about), without the
    // rest of settling each (docs/decisions.md #72).
    await seedSettledPaymentsInBulk(env, {
      merchantId: merchant.sub,
      count: PAYMENTS,
      settledAt: (index) => new Date(noon + index * 1000),
    });
    const payments = await merchantPayments(env, merchant.sub);
    expect(payments).toHaveLength(PAYMENTS);
    expect(payments.filter((payment) => payment.uncountedShard)).toEqual([]);
    const revenue = payments.reduce((sum, payment) => sum + payment.totalCents, 0);

    // The day item and its overflow items, none over its share of keys; every id in exactly one of them.
    const items = (await statsItems(env, merchant.sub)).filter((item) => String(item.day).startsWith(`D#${yesterday}`));
    expect(items.length).toBeGreaterThan(16);
    expect(items.some((item) => String(item.day).length === `D#${yesterday}#ab`.length)).toBe(true);
    const guarded = items.flatMap((item) => [...((item.counted as Set<string> | undefined) ?? [])]);
    for (const item of items) expect((item.counted as Set<string>).size).toBeLessThanOrEqual(KEYS_PER_ITEM);
    expect(guarded.sort()).toEqual(payments.map((payment) => payment.paymentId).sort());

    const unsealed = await readStats(merchant);
    expect(unsealed.stats.completedTransactions).toBe(PAYMENTS);
    expect(unsealed.stats.totalRevenue).toBe(revenue);
    expect(unsealed.stats.revenueByDay.find((day) => day.day === yesterday)).toMatchObject({
      payments: PAYMENTS,
      revenueCents: revenue,
    });
    // GetItem of the session cut (every merchant request, docs/decisions.md #200), GetItem merchant, two Query
    // COUNTs, BatchGetItem of the aggregates, one Query of the days' counters.
    expect(unsealed.calls).toBe(6);

    // A redelivery of any of them is refused wherever its id landed, and changes nothing.
    for (const payment of payments.filter((_, index) => index % 50 === 0)) {
      const stored = await paymentStore.get(payment.paymentId);
      expect(await statsStore.countSucceededPayment(stored!, yesterday)).toBe('already-counted');
    }

    // Sealed (the schedule's step, run now rather than two days from now): rolled once, read the same.
    expect(await sealDay(merchant.sub, yesterday, { stats: statsStore, now: new Date() })).toBe(true);
    const sealed = await readStats(merchant);
    expect(sealed.stats).toEqual(unsealed.stats);
    expect(sealed.calls).toBe(6);
    const lifetime = (await statsItems(env, merchant.sub)).find((item) => item.day === 'ALL');
    expect(lifetime).toMatchObject({ succeededCount: PAYMENTS, revenueCents: revenue });
    // And the sealed day refuses anything more, whichever item the key would go to.
    expect(
      await statsStore.countSucceededPayment({ ...payments[0]!, paymentId: 'pay_afterTheSeal00' }, yesterday),
    ).toBe('day-sealed');
  }, 300_000);
});
