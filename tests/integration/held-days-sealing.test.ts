/**
 * Days held by counts still owed never stand in front of the others (docs/decisions.md #128): a
 * merchant whose counts keep failing holds more old days than one run lists per shard, and another
 * merchant's closed day in the same shard still seals on the next run; the held days wait for a later run,
 * as a failed seal does, and the payout catch-up still sees the merchant who is taking payments.
 */
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStore } from '@functions/adapters/payment-store';
import { settlementDeps } from '@functions/adapters/settlement-deps';
import { addDays, dayInTimeZone, startOfDayIn } from '@functions/domain/merchant-days';
import { reverifyPendingPayments, REVERIFY_LIMITS } from '@functions/domain/reverification';
import { dayKey, unsealedShardOf } from '@functions/domain/stats';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { reverifyTimeLeft } from '../support/lambda-time';
import { pendingPayment } from '../support/payments-seed';
import { statsItems } from '../support/stored-rows';
import { bootLocalRuntime, type TestRuntime } from './harness';

const HOUR_MS = 3_600_000;
/** More held days than one run lists per shard. */
const HELD_DAYS = REVERIFY_LIMITS.sealPerShard + 10;

let env: TestRuntime;

beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

/** A merchant id (no account behind it: its days fall in the default time zone) in the same unsealed shard. */
function merchantIdInShardOf(merchantId: string, prefix: string) {
  for (let index = 0; ; index++) {
    const candidate = `${prefix}-${index}`;
    if (unsealedShardOf(candidate) === unsealedShardOf(merchantId)) return candidate;
  }
}

/**
 * `count` consecutive days of the default time zone, the first `daysAgo` days before `now`'s. Counted on the
 * calendar: steps of 24 hours back from `now` name one day twice across a daylight-saving change when the run
 * starts in the hour after Auckland's midnight.
 */
function daysBefore(now: number, daysAgo: number, count: number): string[] {
  const today = dayInTimeZone(new Date(now), DEFAULT_TIME_ZONE);
  return Array.from({ length: count }, (_, index) => addDays(today, index - daysAgo));
}

/** The default time zone's day `daysAgo` days before `now`'s, on the calendar. */
function dayBefore(now: number, daysAgo: number): string {
  return addDays(dayInTimeZone(new Date(now), DEFAULT_TIME_ZONE), -daysAgo);
}

/** Unsealed day items, as counting leaves them, written in batches. */
async function putUnsealedDays(merchantId: string, days: readonly string[]) {
  for (let start = 0; start < days.length; start += 25) {
    await env.documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [env.runtime.dynamo.tableNames.stats]: days.slice(start, start + 25).map((day) => ({
            PutRequest: {
              Item: {
                merchantId,
                day: dayKey(day),
                revenueCents: 1000,
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
}

describe('held days and sealing', () => {
  it("another merchant's closed day seals although more held days than a run lists sit at the head of its shard", async () => {
    const active = await env.createMerchant();
    const heldMerchant = merchantIdInShardOf(active.sub, 'held-merchant');
    const now = Date.now();
    // The held merchant's old days, each owed a count by a payment that failed and waits for its retry.
    const heldDays = daysBefore(now, HELD_DAYS + 20, HELD_DAYS);
    // Each settled at its day's noon.
    const heldInstants = heldDays.map((day) => new Date(startOfDayIn(day, DEFAULT_TIME_ZONE).getTime() + 12 * HOUR_MS));
    await putUnsealedDays(heldMerchant, heldDays);
    for (const settledAt of heldInstants) {
      const payment = pendingPayment(heldMerchant, { createdAt: new Date(settledAt.getTime() - 60_000) });
      await paymentStore.create(payment);
      await paymentStore.advance(payment, 'succeeded', {}, settledAt);
      // Its settle finished (its place sold, its update out: the settle's last write), and only its count failed.
      await paymentStore.clearAnnounceOwed(payment.paymentId, 'sold');
      await paymentStore.deferCount(payment.paymentId, 4, new Date(now + 6 * 60 * 60_000));
    }
    // The active merchant's closed day, newer than every held one.
    const activeDay = dayBefore(now, 3);
    await putUnsealedDays(active.sub, [activeDay]);

    await reverifyPendingPayments(await settlementDeps(new Date(now)), reverifyTimeLeft());

    const activeItem = (await statsItems(env, active.sub)).find((item) => item.day === dayKey(activeDay));
    expect(activeItem?.sealedAt).toBeDefined();
    const heldItems = (await statsItems(env, heldMerchant)).filter((item) => String(item.day).startsWith('D#'));
    expect(heldItems).toHaveLength(HELD_DAYS);
    // Held, not failed: none sealed, none counted as a failed seal, each waiting for a later run.
    for (const item of heldItems) {
      expect(item.sealedAt).toBeUndefined();
      expect(item.sealAttempts ?? 0).toBe(0);
    }
    expect(heldItems.filter((item) => item.sealRetryAt !== undefined).length).toBeGreaterThan(0);
  }, 120_000);

  it('the payout catch-up sees a merchant taking payments although thousands of older days wait unsealed ahead of theirs', async () => {
    const active = await env.createMerchant();
    const stuckMerchant = merchantIdInShardOf(active.sub, 'stuck-merchant');
    const now = Date.now();
    // More old unsealed days than the catch-up reads per shard (2,000), all ahead of the active merchant's.
    const oldDays = daysBefore(now, 2_100, 2_050);
    await putUnsealedDays(stuckMerchant, oldDays);
    await putUnsealedDays(active.sub, [dayBefore(now, 1)]);

    await env.runtime.scheduler.runNow('catch-up-payouts');

    const { Item } = await env.documents.send(
      new GetCommand({
        TableName: env.runtime.dynamo.tableNames.payouts,
        Key: { merchantId: active.sub, sk: 'WATCH' },
      }),
    );
    expect(Item?.watchUntil).toBeDefined();
  }, 120_000);
});
