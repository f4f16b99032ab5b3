/**
 * One bad record never stops the others (docs/runbook.md "Counts or seals failing"): a
 * payment whose count DynamoDB refuses every time, and a day whose seal fails every time, among healthy
 * payments and days of the same and other merchants. The schedule runs as the runtime runs it.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStore } from '@functions/adapters/payment-store';
import { settlementDeps as runtimeSettlementDeps } from '@functions/adapters/settlement-deps';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { type PaymentRecord } from '@functions/domain/payments';
import { reverifyPendingPayments } from '@functions/domain/reverification';
import { dayKey, unsealedShardOf } from '@functions/domain/stats';
import { verifyPaymentsResultSchema } from '@shared/contracts/payments';
import { pendingPayment } from '../support/payments-seed';
import { paymentRow, statsItems } from '../support/stored-rows';
import { bootLocalRuntime, type TestRuntime } from './harness';
import { reverifyTimeLeft } from '../support/lambda-time';

const TIME_ZONE = 'Pacific/Auckland';
const DAY_MS = 86_400_000;
const SCHEDULE = 'reverify-pending-payments';
/** The first retry's wait (count-repair.ts `FIRST_RETRY_MS`: 5 minutes, less up to a fifth). */
const FIRST_RETRY_MS = 5 * 60_000;

let env: TestRuntime;

beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

/** A payment moved to succeeded by settlement's first write, as a crash before its count leaves it. */
async function settledUncounted(merchantId: string, settledAt: Date, change: Partial<PaymentRecord> = {}) {
  const payment = { ...pendingPayment(merchantId, { createdAt: new Date(settledAt.getTime() - 60_000) }), ...change };
  await paymentStore.create(payment);
  await paymentStore.advance(payment, 'succeeded', {}, settledAt);
  return payment.paymentId;
}

const dayItem = async (merchantId: string, day: string) =>
  (await statsItems(env, merchantId)).find((item) => item.day === dayKey(day));

describe('a poisoned payment and a poisoned day among healthy ones', () => {
  it('every healthy count lands and every healthy day seals; the bad ones retry on their own clock and finish once fixed', async () => {
    const poisonedMerchant = await env.createMerchant();
    const neighbour = await env.createMerchant();
    const brokenDayMerchant = await env.createMerchant();
    const fiveDaysAgo = new Date(Date.now() - 5 * DAY_MS);
    const fourDaysAgo = new Date(Date.now() - 4 * DAY_MS);
    const [dayX, dayY] = [dayInTimeZone(fiveDaysAgo, TIME_ZONE), dayInTimeZone(fourDaysAgo, TIME_ZONE)];

    // The poisoned payment: an amount DynamoDB cannot add (a string, as a hand edit or an old bug wrote it).
    const poisoned = await settledUncounted(poisonedMerchant.sub, fourDaysAgo, {
      totalCents: 'twelve dollars' as unknown as number,
    });
    // Healthy payments left uncounted by a crash: the same merchant on both days, and a neighbour.
    const healthy = [
      await settledUncounted(poisonedMerchant.sub, fiveDaysAgo),
      await settledUncounted(poisonedMerchant.sub, fourDaysAgo),
      await settledUncounted(neighbour.sub, fiveDaysAgo),
      await settledUncounted(neighbour.sub, fourDaysAgo),
    ];
    // The poisoned day: its counters cannot be added into its month.
    await env.documents.send(
      new PutCommand({
        TableName: env.runtime.dynamo.tableNames.stats,
        Item: {
          merchantId: brokenDayMerchant.sub,
          day: dayKey(dayX),
          revenueCents: 'not a number',
          succeededCount: 1,
          currency: 'nzd',
          unsealedShard: unsealedShardOf(brokenDayMerchant.sub),
        },
      }),
    );

    await env.runtime.scheduler.runNow(SCHEDULE);

    for (const paymentId of healthy) expect((await paymentRow(env, paymentId)).uncountedShard).toBeUndefined();
    // Every healthy day sealed, the poisoned merchant's other day included; only the day it owes waits.
    expect((await dayItem(poisonedMerchant.sub, dayX))?.sealedAt).toBeDefined();
    expect((await dayItem(neighbour.sub, dayX))?.sealedAt).toBeDefined();
    expect((await dayItem(neighbour.sub, dayY))?.sealedAt).toBeDefined();
    expect(await dayItem(poisonedMerchant.sub, dayY)).toMatchObject({ succeededCount: 1 });
    expect((await dayItem(poisonedMerchant.sub, dayY))?.sealedAt).toBeUndefined();
    // The bad ones are put back, each with its own next attempt.
    const afterOne = await paymentRow(env, poisoned);
    expect(afterOne).toMatchObject({ uncountedShard: expect.any(String), countAttempts: 1 });
    expect(Date.parse(afterOne.countRetryAt!)).toBeGreaterThan(Date.now() + FIRST_RETRY_MS / 2);
    const brokenDay = await dayItem(brokenDayMerchant.sub, dayX);
    expect(brokenDay).toMatchObject({ sealAttempts: 1 });
    expect(brokenDay?.sealedAt).toBeUndefined();

    // The next run (5 minutes later in production) leaves them alone until their time.
    await env.runtime.scheduler.runNow(SCHEDULE);
    expect((await paymentRow(env, poisoned)).countAttempts).toBe(1);
    expect((await dayItem(brokenDayMerchant.sub, dayX))?.sealAttempts).toBe(1);

    // Fixed (the amounts corrected by hand, as the runbook says), they finish: the count through Verify &
    // Refresh at once, the seal at its next attempt.
    const fix = (table: 'payments' | 'stats', key: Record<string, string>, attribute: string, value: number) =>
      env.documents.send(
        new UpdateCommand({
          TableName: env.runtime.dynamo.tableNames[table],
          Key: key,
          UpdateExpression: 'SET #attribute = :value',
          ExpressionAttributeNames: { '#attribute': attribute },
          ExpressionAttributeValues: { ':value': value },
        }),
      );
    await fix('payments', { paymentId: poisoned }, 'totalCents', 1200);
    await fix('stats', { merchantId: brokenDayMerchant.sub, day: dayKey(dayX) }, 'revenueCents', 1000);
    const verified = await env.api('/api/me/payments/verify', {
      method: 'POST',
      token: poisonedMerchant.accessToken,
    });
    expect(verified.status).toBe(200);
    verifyPaymentsResultSchema.parse(await verified.json());
    expect((await paymentRow(env, poisoned)).uncountedShard).toBeUndefined();
    expect(await dayItem(poisonedMerchant.sub, dayY)).toMatchObject({ succeededCount: 2 });

    const later = new Date(Date.now() + FIRST_RETRY_MS * 2);
    await reverifyPendingPayments(await runtimeSettlementDeps(later), reverifyTimeLeft());
    expect((await dayItem(poisonedMerchant.sub, dayY))?.sealedAt).toBeDefined();
    expect((await dayItem(brokenDayMerchant.sub, dayX))?.sealedAt).toBeDefined();
    const lifetime = (merchantId: string) =>
      statsItems(env, merchantId).then((items) => items.find((item) => item.day === 'ALL'));
    expect(await lifetime(poisonedMerchant.sub)).toMatchObject({ succeededCount: 3 });
    expect(await lifetime(brokenDayMerchant.sub)).toMatchObject({ succeededCount: 1, revenueCents: 1000 });
  }, 120_000);
});
