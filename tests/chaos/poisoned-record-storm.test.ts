/**
 * Reliability suite: a poisoned-record storm. Hundreds of payments whose counts DynamoDB
 * refuses every time (an amount that is not a number) and hundreds of closed days whose seals fail every
 * time, all older than — so listed ahead of — the healthy work: payments of 20 merchants left uncounted
 * by crashes, their days waiting to seal. Within three schedule runs (15 minutes in production) every
 * healthy count lands and every healthy day seals, exactly once; each bad record was tried once and waits
 * for its own next attempt, holding back nothing but the day it owes.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStore } from '@functions/adapters/payment-store';
import { addDays, dayInTimeZone } from '@functions/domain/merchant-days';
import { type PaymentRecord } from '@functions/domain/payments';
import { dayKey, UNSEALED_SHARDS, unsealedShardOf } from '@functions/domain/stats';
import { bootLocalRuntime, type TestRuntime } from '../integration/harness';
import { pendingPayment } from '../support/payments-seed';
import { merchantPayments, paymentRow, statsItems } from '../support/stored-rows';

const SCHEDULE = 'reverify-pending-payments';
const TIME_ZONE = 'Pacific/Auckland';
const DAY_MS = 86_400_000;
/** More than the old schedule's 100 uncounted per shard, and than its 200 days to seal per shard. */
const POISONED_PAYMENTS = 500;
const POISONED_DAYS_PER_SHARD = 210;
const HEALTHY_MERCHANTS = 20;
const RUNS = 3;

let env: TestRuntime;

beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

/** Settlement's first write landed and the process died before the count: the payment is marked uncounted. */
async function settledUncounted(merchantId: string, settledAt: Date, change: Partial<PaymentRecord> = {}) {
  const payment = { ...pendingPayment(merchantId, { createdAt: new Date(settledAt.getTime() - 60_000) }), ...change };
  await paymentStore.create(payment);
  await paymentStore.advance(payment, 'succeeded', {}, settledAt);
  return payment;
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(work));
}

describe('a poisoned-record storm', () => {
  it('every healthy count lands and every healthy day seals within three runs; each bad record is tried once', async () => {
    const now = Date.now();
    // The poisoned payments: a week old, so the oldest marks of every shard are theirs.
    const poisonedMerchant = `poisoned-${crypto.randomUUID()}`;
    const poisoned = Array.from({ length: POISONED_PAYMENTS }, (_, index) => new Date(now - 7 * DAY_MS - index * 1000));
    const poisonedIds: string[] = [];
    await inBatches(poisoned, 50, async (at) => {
      const payment = await settledUncounted(poisonedMerchant, at, { totalCents: 'NaN' as unknown as number });
      poisonedIds.push(payment.paymentId);
    });

    // The poisoned days: 40 to 60 days old, so they come first in every shard of the unsealed index.
    const poisonedDays: { merchantId: string; day: string }[] = [];
    const perShard = new Map<string, number>();
    for (let index = 0; poisonedDays.length < POISONED_DAYS_PER_SHARD * UNSEALED_SHARDS; index++) {
      const merchantId = `broken-day-${index}`;
      const shard = unsealedShardOf(merchantId);
      if ((perShard.get(shard) ?? 0) >= POISONED_DAYS_PER_SHARD) continue;
      perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
      poisonedDays.push({ merchantId, day: addDays(dayInTimeZone(new Date(now), TIME_ZONE), -40 - (index % 20)) });
    }
    for (let start = 0; start < poisonedDays.length; start += 25) {
      await env.documents.send(
        new BatchWriteCommand({
          RequestItems: {
            [env.runtime.dynamo.tableNames.stats]: poisonedDays.slice(start, start + 25).map(({ merchantId, day }) => ({
              PutRequest: {
                Item: {
                  merchantId,
                  day: dayKey(day),
                  revenueCents: 'not a number',
                  succeededCount: 1,
                  currency: 'nzd',
                  unsealedShard: unsealedShardOf(merchantId),
                },
              },
            })),
          },
        }),
      );
    }

    // The healthy work: 20 merchants, each with three payments over two closed days left uncounted.
    const healthyMerchants = Array.from({ length: HEALTHY_MERCHANTS }, () => `healthy-${crypto.randomUUID()}`);
    const healthyDays = [new Date(now - 5 * DAY_MS), new Date(now - 4 * DAY_MS)];
    await inBatches(healthyMerchants, 10, async (merchantId) => {
      for (const [index, at] of [healthyDays[0]!, healthyDays[1]!, healthyDays[1]!].entries()) {
        await settledUncounted(merchantId, new Date(at.getTime() + index));
      }
    });

    for (let run = 0; run < RUNS; run++) await env.runtime.scheduler.runNow(SCHEDULE);

    for (const merchantId of healthyMerchants) {
      const payments = await merchantPayments(env, merchantId);
      expect(payments.filter((payment) => payment.uncountedShard)).toEqual([]);
      const items = await statsItems(env, merchantId);
      for (const at of healthyDays) {
        const day = dayInTimeZone(at, TIME_ZONE);
        const ofDay = payments.filter((payment) => dayInTimeZone(payment.settledAt!, TIME_ZONE) === day);
        const item = items.find((candidate) => candidate.day === dayKey(day));
        expect(item, `${merchantId} ${day}`).toMatchObject({
          succeededCount: ofDay.length,
          revenueCents: ofDay.reduce((sum, payment) => sum + payment.totalCents, 0),
          sealedAt: expect.any(String),
        });
      }
      // Rolled into the lifetime once.
      expect(items.find((item) => item.day === 'ALL')).toMatchObject({ succeededCount: 3 });
    }

    // Each bad record was tried once in the three runs and waits for its own next attempt.
    for (const paymentId of poisonedIds.filter((_, index) => index % 25 === 0)) {
      expect(await paymentRow(env, paymentId)).toMatchObject({ uncountedShard: expect.any(String), countAttempts: 1 });
    }
    for (const { merchantId, day } of poisonedDays.filter((_, index) => index % 40 === 0)) {
      const item = (await statsItems(env, merchantId)).find((candidate) => candidate.day === dayKey(day));
      expect(item).toMatchObject({ sealAttempts: 1 });
      expect(item?.sealedAt).toBeUndefined();
    }
  }, 300_000);
});
