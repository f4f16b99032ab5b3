/**
 * Every pending payment is re-verified within minutes, at any platform size. Each pending payment is due a
 * check with Stripe when created and then further apart (5, 10, 20… minutes), and each run takes the most
 * overdue within a Stripe budget, across every shard. Before, a run checked only the 100 oldest pending
 * payments of each shard: with 2,000 open sessions, a paid payment whose webhook was lost waited for hours.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentStore } from '@functions/adapters/payment-store';
import { REVERIFY_CHECKS_PER_RUN, reverifyPendingPayments } from '@functions/domain/reverification';
import { countingSessionRetrieves, seedPaidWithLostWebhooks } from '../support/lost-webhooks-seed';
import { settlementDeps } from '../support/payments-seed';
import { bootLocalRuntime, type TestRuntime } from './harness';
import { reverifyTimeLeft } from '../support/lambda-time';

const PENDING = 2_000;
const PAID_WITH_LOST_WEBHOOKS = 100;
const FIVE_MINUTES = 5 * 60 * 1000;

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

it(`settles all ${PAID_WITH_LOST_WEBHOOKS} of ${PENDING} pending payments paid with lost webhooks within two runs, within the Stripe budget`, async () => {
  const { sessions, paid } = await seedPaidWithLostWebhooks(env, {
    pending: PENDING,
    paid: PAID_WITH_LOST_WEBHOOKS,
  });
  expect(paid).toHaveLength(PAID_WITH_LOST_WEBHOOKS);
  const statusOf = async (paymentId: string) => (await paymentStore.get(paymentId))?.status;
  expect(await Promise.all(paid.map(({ paymentId }) => statusOf(paymentId)))).toEqual(paid.map(() => 'pending'));

  // Two scheduled runs, five minutes apart.
  const runs = [];
  const firstRunAt = Date.now();
  const secondRunAt = firstRunAt + FIVE_MINUTES;
  for (const at of [firstRunAt, secondRunAt]) {
    const { stripe, counter } = countingSessionRetrieves(env.stripe);
    const run = await reverifyPendingPayments({ ...settlementDeps(env, new Date(at)), stripe }, reverifyTimeLeft());
    runs.push({ ...run, stripeCalls: counter.calls });
  }
  const firstRunChecked = new Set(
    (await Promise.all(sessions.map(({ paymentId }) => paymentStore.get(paymentId))))
      .filter(
        (payment) =>
          payment?.status === 'pending' && payment.reverifyAt! <= new Date(firstRunAt + FIVE_MINUTES).toISOString(),
      )
      .map((payment) => payment!.paymentId),
  );
  expect(await Promise.all(paid.map(({ paymentId }) => statusOf(paymentId)))).toEqual(paid.map(() => 'succeeded'));
  for (const run of runs) expect(run.stripeCalls).toBeLessThanOrEqual(REVERIFY_CHECKS_PER_RUN);
  expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(PAID_WITH_LOST_WEBHOOKS);
  // Every pending payment was looked at once, and each that is still pending waits its backoff (5 minutes)
  // before its next check: a run a minute after the second checks nothing the second checked.
  expect(runs.reduce((sum, run) => sum + run.stripeCalls, 0)).toBe(PENDING);
  const stillPending = (await Promise.all(sessions.map(({ paymentId }) => paymentStore.get(paymentId)))).filter(
    (payment) => payment?.status === 'pending',
  );
  expect(stillPending).toHaveLength(PENDING - PAID_WITH_LOST_WEBHOOKS);
  expect(stillPending.every((payment) => payment?.reverifyChecks === 1)).toBe(true);
  const third = countingSessionRetrieves(env.stripe);
  const thirdRun = await reverifyPendingPayments(
    {
      ...settlementDeps(env, new Date(secondRunAt + 60_000)),
      stripe: third.stripe,
    },
    reverifyTimeLeft(),
  );
  // Only what the first run checked is due again by then (5 minutes after it), never the second run's.
  expect(third.counter.calls).toBeLessThanOrEqual(REVERIFY_CHECKS_PER_RUN);
  expect(thirdRun.settled).toBe(0);
  const checkedTwice = (await Promise.all(sessions.map(({ paymentId }) => paymentStore.get(paymentId)))).filter(
    (payment) => (payment?.reverifyChecks ?? 0) >= 2,
  );
  expect(checkedTwice.length).toBe(third.counter.calls);
  expect(checkedTwice.every((payment) => firstRunChecked.has(payment!.paymentId))).toBe(true);
}, 300_000);
