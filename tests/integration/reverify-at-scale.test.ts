/**
 * Every pending payment is re-verified within minutes, at any platform size. Each pending payment is due a
 * check with Stripe when created and then further apart (5, 10, 20… minutes), and each run takes the most
 * overdue within a Stripe budget, across every shard. Before, a run checked only the 100 oldest pending
 * payments of each shard: with 2,000 open sessions, a paid payment whose webhook was lost waited for hours.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchantStore } from '../../functions/adapters/merchant-store';
import { paymentStore } from '../../functions/adapters/payment-store';
import { REVERIFY_CHECKS_PER_RUN, reverifyPendingPayments } from '../../functions/domain/reverification';
import { pendingPayment, settlementDeps } from '../support/payments-seed';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestRuntime } from './harness';

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

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(work));
}

/** The runtime's Stripe client, counting the Checkout session look-ups the schedule makes. */
function countingSessionRetrieves(stripe: Stripe) {
  const counter = { calls: 0 };
  const sessions = new Proxy(stripe.checkout.sessions, {
    get: (target, property, receiver) =>
      property === 'retrieve'
        ? (...args: Parameters<typeof target.retrieve>) => {
            counter.calls += 1;
            return target.retrieve(...args);
          }
        : Reflect.get(target, property, receiver),
  });
  const checkout = new Proxy(stripe.checkout, {
    get: (target, property, receiver) => (property === 'sessions' ? sessions : Reflect.get(target, property, receiver)),
  });
  const counted = new Proxy(stripe, {
    get: (target, property, receiver) => (property === 'checkout' ? checkout : Reflect.get(target, property, receiver)),
  });
  return { stripe: counted, counter };
}

it(`settles all ${PAID_WITH_LOST_WEBHOOKS} of ${PENDING} pending payments paid with lost webhooks within two runs, within the Stripe budget`, async () => {
  const merchant = await env.createMerchant();
  await env.connectStripe(merchant);
  const accountId = (await merchantStore.get(merchant.sub))?.stripeAccountId;
  expect(accountId).toMatch(/^acct_/);

  // 2,000 payers open Checkout within the same minute; none of their webhooks has come yet.
  const createdAt = new Date(Date.now() - 60_000);
  const sessions: { paymentId: string; url: string }[] = [];
  await inBatches(
    Array.from({ length: PENDING }, (_, index) => index),
    40,
    async (index) => {
      const payment = pendingPayment(merchant.sub, {
        createdAt: new Date(createdAt.getTime() + index),
        stripeAccountId: accountId,
      });
      const session = await env.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 1, price_data: { currency: 'nzd', unit_amount: 1000, product_data: { name: 'Flat white' } } },
          ],
          metadata: { paymentId: payment.paymentId, merchantId: merchant.sub },
          client_reference_id: payment.paymentId,
          success_url: 'http://127.0.0.1/payment-success?session_id={CHECKOUT_SESSION_ID}',
          cancel_url: 'http://127.0.0.1/payment-canceled',
        },
        { stripeAccount: accountId },
      );
      await paymentStore.create({ ...payment, checkoutSessionId: session.id });
      sessions.push({ paymentId: payment.paymentId, url: session.url! });
    },
  );

  // 100 of them pay, spread through the list, and every one of their completed webhooks is lost.
  const paid = sessions.filter((_, index) => index % (PENDING / PAID_WITH_LOST_WEBHOOKS) === 7);
  const drop = await fetch(
    `${env.runtime.stripe.url}/_emu/webhooks/drop?count=${PAID_WITH_LOST_WEBHOOKS}&types=checkout.session.completed`,
    { method: 'POST' },
  );
  expect(drop.status).toBe(200);
  await inBatches(paid, 10, async ({ url }) => {
    expect((await payOnHostedCheckout(url)).status).toBe(303);
  });
  await env.settle();
  const statusOf = async (paymentId: string) => (await paymentStore.get(paymentId))?.status;
  expect(await Promise.all(paid.map(({ paymentId }) => statusOf(paymentId)))).toEqual(paid.map(() => 'pending'));

  // Two scheduled runs, five minutes apart.
  const runs = [];
  const firstRunAt = Date.now();
  const secondRunAt = firstRunAt + FIVE_MINUTES;
  for (const at of [firstRunAt, secondRunAt]) {
    const { stripe, counter } = countingSessionRetrieves(env.stripe);
    const run = await reverifyPendingPayments({ ...settlementDeps(env, new Date(at)), stripe });
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
  const thirdRun = await reverifyPendingPayments({
    ...settlementDeps(env, new Date(secondRunAt + 60_000)),
    stripe: third.stripe,
  });
  // Only what the first run checked is due again by then (5 minutes after it), never the second run's.
  expect(third.counter.calls).toBeLessThanOrEqual(REVERIFY_CHECKS_PER_RUN);
  expect(thirdRun.settled).toBe(0);
  const checkedTwice = (await Promise.all(sessions.map(({ paymentId }) => paymentStore.get(paymentId)))).filter(
    (payment) => (payment?.reverifyChecks ?? 0) >= 2,
  );
  expect(checkedTwice.length).toBe(third.counter.calls);
  expect(checkedTwice.every((payment) => firstRunChecked.has(payment!.paymentId))).toBe(true);
}, 300_000);
