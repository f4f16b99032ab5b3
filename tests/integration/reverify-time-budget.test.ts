/**
 * The re-verify run's time is its Lambda's remaining time (docs/decisions.md #126). Before, a run
 * gave its checks 120 s of wall clock — the function's whole timeout — so a saturated run (thousands of open
 * Checkouts, Stripe slow) was killed by Lambda before count repair and sealing, mid-settle. Now checks stop
 * starting once the Lambda's time left is down to what the rest needs, and count repair and sealing always
 * have their share; and when even counts must stop, the days they are owed to wait with them.
 *
 * The first test drives a Lambda clock of its own (each Stripe look-up costs it a second), so nothing here
 * depends on how fast this machine is; the second runs the scheduled function itself, whose context's
 * remaining time the local runtime counts from the function's configured timeout.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { paymentStore } from '@functions/adapters/payment-store';
import { STATUS_RANK } from '@functions/domain/payment-status';
import { uncountedShardOf } from '@functions/domain/payments';
import {
  RESERVED_AFTER_CHECKS_MS,
  RESERVED_FOR_COUNTS_AND_SEALING_MS,
  RESERVED_FOR_SEALING_MS,
  reverifyPendingPayments,
} from '@functions/domain/reverification';
import type { SettlementDeps } from '@functions/domain/settlement';
import { countingSessionRetrieves, seedPaidWithLostWebhooks } from '../support/lost-webhooks-seed';
import { batchPutPayments, pendingPayment, seedSettledPayments, settlementDeps } from '../support/payments-seed';
import { statsItems } from '../support/stored-rows';
import { bootLocalRuntime, type TestRuntime } from './harness';

const REVERIFY = 'reverify-pending-payments';
/** The scheduled function's timeout here: less than the run keeps back, so it may start no check. */
const SHORT_TIMEOUT_SECONDS = Math.floor(RESERVED_AFTER_CHECKS_MS / 2_000);
const PENDING = 200;
const PAID = 10;
const THREE_DAYS_MS = 3 * 24 * 60 * 60 * 1000;

let env: TestRuntime;
let seeded: Awaited<ReturnType<typeof seedPaidWithLostWebhooks>>;

beforeAll(async () => {
  env = await bootLocalRuntime({
    functions: catalog.map((fn) => (fn.name === REVERIFY ? { ...fn, timeoutSeconds: SHORT_TIMEOUT_SECONDS } : fn)),
  });
  seeded = await seedPaidWithLostWebhooks(env, { pending: PENDING, paid: PAID });
}, 300_000);
afterAll(async () => {
  await env?.stop();
});

/** A merchant with a few payments on a day that closed three days ago: a day the schedule must seal. */
async function closedUnsealedDay() {
  const merchant = await env.createMerchant();
  const day = Date.now() - THREE_DAYS_MS;
  await seedSettledPayments(env, { merchantId: merchant.sub, count: 3, settledAt: (index) => new Date(day + index) });
  const days = async () => (await statsItems(env, merchant.sub)).filter((item) => String(item.day).startsWith('D#'));
  expect((await days()).every((item) => item.sealedAt === undefined)).toBe(true);
  return { sealed: async () => (await days()).every((item) => item.sealedAt !== undefined) };
}

it('a saturated run stops its checks while count repair and sealing still have their share of the Lambda', async () => {
  const day = await closedUnsealedDay();
  // The Lambda's clock: 120 s at the start, and every Stripe look-up takes a second of it.
  const { stripe, counter } = countingSessionRetrieves(env.stripe);
  const timeLeft = () => 120_000 - counter.calls * 1_000;
  let timeLeftAtCountRepair: number | undefined;
  const deps: SettlementDeps = {
    ...settlementDeps(env, new Date()),
    stripe,
    payments: {
      ...paymentStore,
      listAllUncounted: (shard) => {
        timeLeftAtCountRepair ??= timeLeft();
        return paymentStore.listAllUncounted(shard);
      },
    },
  };

  const run = await reverifyPendingPayments(deps, timeLeft);
  // Checks stopped once the time left came down to what the rest of the run keeps…
  expect(run.checked).toBeGreaterThan(0);
  expect(run.checked, 'the saturated run left checks for the next run').toBeLessThan(PENDING);
  // …so count repair began with its share still there, and the closed day was sealed.
  expect(timeLeftAtCountRepair).toBeGreaterThanOrEqual(RESERVED_FOR_COUNTS_AND_SEALING_MS);
  expect(run.sealed).toBeGreaterThan(0);
  expect(await day.sealed()).toBe(true);
});

it("the scheduled function's time is its context's: with less than the run keeps back, no check starts and sealing is done", async () => {
  const day = await closedUnsealedDay();
  const duePaid = [];
  for (const { paymentId } of seeded.paid) {
    const payment = await paymentStore.get(paymentId);
    if (payment?.status === 'pending' && payment.reverifyAt! <= new Date().toISOString()) duePaid.push(payment);
  }
  expect(duePaid.length, 'paid payments still due a check').toBeGreaterThan(0);

  await env.runtime.scheduler.runNow(REVERIFY);

  for (const before of duePaid) {
    const after = await paymentStore.get(before.paymentId);
    expect(after?.status, 'not checked: the Lambda had no time for a check').toBe('pending');
    expect(after?.reverifyChecks).toBe(before.reverifyChecks);
  }
  expect(await day.sealed()).toBe(true);
});

it("with only sealing's share left, no count starts, and the day a count is still owed to is held back from sealing", async () => {
  const other = await closedUnsealedDay();
  const merchant = await env.createMerchant();
  const day = Date.now() - THREE_DAYS_MS;
  await seedSettledPayments(env, { merchantId: merchant.sub, count: 2, settledAt: (index) => new Date(day + index) });
  // A third payment of that day whose count a crash left owed.
  const owed = pendingPayment(merchant.sub, { createdAt: new Date(day - 3_600_000) });
  const { pendingShard: _shard, pendingSince: _since, reverifyAt: _at, ...settled } = owed;
  await batchPutPayments([
    {
      ...settled,
      status: 'succeeded',
      statusRank: STATUS_RANK.succeeded,
      settledAt: new Date(day + 5).toISOString(),
      uncountedShard: uncountedShardOf(owed.paymentId),
      uncountedSince: new Date(day + 5).toISOString(),
    },
  ]);

  await reverifyPendingPayments(settlementDeps(env, new Date()), () => RESERVED_FOR_SEALING_MS - 1_000);
  expect((await paymentStore.get(owed.paymentId))?.uncountedShard, 'its count not started').toBeDefined();
  const days = (await statsItems(env, merchant.sub)).filter((item) => String(item.day).startsWith('D#'));
  expect(days.length).toBeGreaterThan(0);
  expect(days.every((item) => item.sealedAt === undefined)).toBe(true);
  expect(await other.sealed(), "another merchant's closed day still seals").toBe(true);
});
