/**
 * Reliability suite: crash injection. The payment consumer is killed — through the local
 * runtime's test seam, after one of its DynamoDB writes landed — after it claimed the event, between the
 * write that settles the payment and the count, and after every other write of a real settlement in turn.
 * The bus's quick retries meet the killed run's live claim and leave a dead letter (never a second run beside
 * it); the dead-letter replay after the lease, or the schedule, finishes the work: every payment settled,
 * each counted exactly once, nothing lost. The schedule's own run is killed too, right after the write that
 * settles a payment whose webhook was lost: its next run finishes the settle (docs/decisions.md #125).
 *
 * The payment consumer runs here with a 2 s timeout instead of its catalogue's 30 s: its claim's lease is the
 * function's own remaining time, so the test waits ~3 s for a lease to end instead of ~31 s.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalog } from '@functions/catalog';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';
import { paymentRow } from '../support/stored-rows';
import { crashInjector, type CrashInjector, type Write } from './support/consumer-crashes';
import { createLink, payOnCheckoutPage, startCheckout, type StartedPayment } from './support/chaos-kit';

const CONSUMER = 'apply-stripe-payment-event';
const REVERIFY = 'reverify-pending-payments';
const FIVE_MINUTES = 5 * 60 * 1000;
const COMPLETED = 'checkout.session.completed';
const AMOUNT_CENTS = 2000;
const CONSUMER_TIMEOUT_SECONDS = 2;

let env: TestRuntime;
let merchant: TestMerchant;
let linkId: string;
let crashes: CrashInjector;
/** The writes of one unharmed settlement, in order: the kill points. */
let settlementWrites: Write[];
const figures = { payments: 0, kills: 0, deadLettersReplayed: 0, lost: 0, doubleCounts: 0 };

beforeAll(async () => {
  const functions = catalog.map((fn) =>
    fn.name === CONSUMER ? { ...fn, timeoutSeconds: CONSUMER_TIMEOUT_SECONDS } : fn,
  );
  env = await bootLocalRuntime({ functions });
  merchant = await env.connectedMerchant();
  linkId = await createLink(env, merchant, AMOUNT_CENTS);
  crashes = crashInjector();
}, 120_000);

afterAll(async () => {
  crashes?.disarm();
  await env?.stop();
  console.log(
    `crash injection: ${figures.payments} payments, ${figures.kills} consumer runs killed, ` +
      `${figures.deadLettersReplayed} dead letters replayed, ${figures.lost} lost, ${figures.doubleCounts} double counts`,
  );
});

async function stats() {
  const response = await env.api('/api/me/stats', { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return dashboardStatsSchema.parse(await response.json());
}

function completedEventOf(payment: StartedPayment) {
  const event = env.runtime.stripe
    .events()
    .find(
      (candidate) =>
        candidate.type === COMPLETED && (candidate.data.object as { id?: string }).id === payment.sessionId,
    );
  expect(event, `the sandbox's ${COMPLETED} for ${payment.sessionId}`).toBeDefined();
  return event!;
}

/** Waits until the killed run's claim on `eventId` has reached the end of its lease (a time the claim names). */
async function leaseEnded(eventId: string) {
  const { Item } = await env.documents.send(
    new GetCommand({
      TableName: env.runtime.dynamo.tableNames.events,
      Key: { eventId: `stripe-event#payment#${eventId}` },
      ConsistentRead: true,
    }),
  );
  const leaseUntil = Number(Item?.leaseUntil ?? 0);
  const wait = leaseUntil - Date.now() + 50;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

async function payWithKill(killAfter: (write: Write, index: number) => boolean) {
  const payment = await startCheckout(env, linkId);
  figures.payments++;
  const killsBefore = crashes.kills.length;
  crashes.arm({ functionName: CONSUMER, detailType: COMPLETED, killAfter });
  await payOnCheckoutPage(payment.url);
  await env.settle();
  crashes.disarm();
  expect(crashes.kills.length - killsBefore, 'the consumer was killed once').toBe(1);
  figures.kills++;
  return payment;
}

/** Stripe delivers the event once more (its own retry): it must change nothing now. */
async function redeliver(payment: StartedPayment) {
  const response = await env.deliverSignedWebhook(
    '/api/webhooks/stripe-connect',
    JSON.stringify(completedEventOf(payment)),
    'stripe-connect-webhook-secret',
  );
  expect(response.status).toBe(200);
  await env.settle();
}

async function linkRow() {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.links, Key: { linkId }, ConsistentRead: true }),
  );
  return Item as { holds?: Set<string>; soldCount?: number };
}

async function replayDeadLetters(expected: number) {
  const result = await env.runtime.bus.replayDeadLetters();
  expect(result).toEqual({ replayed: expected, failed: 0, unknownFunction: 0 });
  figures.deadLettersReplayed += result.replayed;
  await env.settle();
}

describe('crash injection', () => {
  it('an unharmed settlement: its writes are the kill points (claim first, the settling write before the count)', async () => {
    const before = await stats();
    const payment = await startCheckout(env, linkId);
    figures.payments++;
    await payOnCheckoutPage(payment.url);
    await env.settle();
    expect((await paymentRow(env, payment.paymentId)).status).toBe('succeeded');
    settlementWrites = crashes.writesOf(CONSUMER).at(-1)!;
    const { events, payments, stats: statsTable } = env.runtime.dynamo.tableNames;
    expect(settlementWrites[0]).toEqual({ command: 'PutItemCommand', table: events });
    const settling = settlementWrites.findIndex((write) => write.table === payments);
    const counting = settlementWrites.findIndex((write) => write.table === statsTable);
    expect(settling).toBeGreaterThan(0);
    expect(counting).toBeGreaterThan(settling);
    expect((await stats()).completedTransactions - before.completedTransactions).toBe(1);
  });

  it('killed after the claim: the retries inside the lease do nothing beside it; the replay after the lease settles once', async () => {
    const before = await stats();
    const payment = await payWithKill(
      (write, index) => index === 1 && write.table === env.runtime.dynamo.tableNames.events,
    );
    const event = completedEventOf(payment);
    // Nothing done, nothing lost: the payment waits, the event is a dead letter.
    expect((await paymentRow(env, payment.paymentId)).status).toBe('open');
    const letters = env.runtime.bus.deadLetters.list();
    expect(letters.map((letter) => letter.functionName)).toEqual([CONSUMER]);
    expect(letters[0]!.error).toMatch(/Another run is applying/);
    expect((await stats()).completedTransactions).toBe(before.completedTransactions);

    await leaseEnded(event.id);
    await replayDeadLetters(1);
    const row = await paymentRow(env, payment.paymentId);
    expect(row.status).toBe('succeeded');
    expect(row.uncountedShard).toBeUndefined();
    await redeliver(payment);
    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    expect(after.grossRevenue - before.grossRevenue).toBe(AMOUNT_CENTS);
  });

  it('killed between the settling write and the count: the schedule finishes the count, once; the late replay adds nothing', async () => {
    const before = await stats();
    const { payments } = env.runtime.dynamo.tableNames;
    const payment = await payWithKill((write) => write.table === payments && write.command === 'UpdateItemCommand');
    const event = completedEventOf(payment);
    const settled = await paymentRow(env, payment.paymentId);
    expect(settled.status).toBe('succeeded');
    expect(settled.uncountedShard, 'settled but not yet counted').toBeDefined();
    expect((await stats()).completedTransactions).toBe(before.completedTransactions);

    await env.runtime.scheduler.runNow('reverify-pending-payments');
    await env.settle();
    expect((await paymentRow(env, payment.paymentId)).uncountedShard).toBeUndefined();
    const counted = await stats();
    expect(counted.completedTransactions - before.completedTransactions).toBe(1);

    await leaseEnded(event.id);
    await replayDeadLetters(1);
    await redeliver(payment);
    await env.runtime.scheduler.runNow('reverify-pending-payments');
    await env.settle();
    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    expect(after.grossRevenue - before.grossRevenue).toBe(AMOUNT_CENTS);
  });

  it('killed between the settling write and the sale of the place: the success page sells it, once; the replay adds nothing', async () => {
    const { payments } = env.runtime.dynamo.tableNames;
    const payment = await payWithKill((write) => write.table === payments && write.command === 'UpdateItemCommand');
    const event = completedEventOf(payment);
    const settled = await paymentRow(env, payment.paymentId);
    expect(settled.status).toBe('succeeded');
    expect(settled.placeSettled, 'succeeded, its place not yet recorded sold').toBeUndefined();
    const held = await linkRow();
    expect(held.holds, 'the place still held').toContain(payment.paymentId);

    // The payer's success page checks the payment: settled already, yet its place is still owed.
    expect((await env.api(`/api/checkout/${payment.sessionId}`)).status).toBe(200);
    await env.settle();
    const sold = await linkRow();
    expect(sold.holds ?? new Set()).not.toContain(payment.paymentId);
    expect(sold.soldCount).toBe((held.soldCount ?? 0) + 1);
    expect((await paymentRow(env, payment.paymentId)).placeSettled).toBe('sold');

    await leaseEnded(event.id);
    await replayDeadLetters(1);
    await redeliver(payment);
    expect((await linkRow()).soldCount).toBe(sold.soldCount);
  });

  it('killed after each write of the settlement in turn: schedule and replay finish every one, each counted once', async () => {
    const before = await stats();
    const killed: StartedPayment[] = [];
    for (let point = 1; point <= settlementWrites.length; point++) {
      killed.push(await payWithKill((_write, index) => index === point));
    }
    await env.runtime.scheduler.runNow('reverify-pending-payments');
    await env.settle();
    for (const payment of killed) await leaseEnded(completedEventOf(payment).id);
    const letters = env.runtime.bus.deadLetters.list().length;
    await replayDeadLetters(letters);
    for (const payment of killed) await redeliver(payment);

    for (const payment of killed) {
      const row = await paymentRow(env, payment.paymentId);
      if (row.status !== 'succeeded' || row.uncountedShard) figures.lost++;
      expect(row.status, `killed after write ${killed.indexOf(payment) + 1}`).toBe('succeeded');
      expect(row.uncountedShard).toBeUndefined();
    }
    const after = await stats();
    const counted = after.completedTransactions - before.completedTransactions;
    figures.doubleCounts += Math.max(0, counted - killed.length);
    expect(counted).toBe(killed.length);
    expect(after.grossRevenue - before.grossRevenue).toBe(AMOUNT_CENTS * killed.length);
    expect(env.runtime.bus.deadLetters.list()).toEqual([]);
  });

  it('a settle the schedule makes, killed right after its status write: the next run finishes it, counted once', async () => {
    const before = await stats();
    const { payments } = env.runtime.dynamo.tableNames;
    const payment = await startCheckout(env, linkId);
    figures.payments++;
    // Its completed webhook lost: only the schedule settles it.
    const drop = await fetch(`${env.runtime.stripe.url}/_emu/webhooks/drop?count=1&types=${COMPLETED}`, {
      method: 'POST',
    });
    expect(drop.status).toBe(200);
    await payOnCheckoutPage(payment.url);
    await env.settle();
    expect((await paymentRow(env, payment.paymentId)).status).toBe('open');

    // The run is killed right after the write that makes the payment succeeded (its first write to payments).
    crashes.arm({
      functionName: REVERIFY,
      detailType: 'Scheduled Event',
      killAfter: (write) => write.table === payments && write.command === 'UpdateItemCommand',
    });
    await expect(env.runtime.scheduler.runNow(REVERIFY)).rejects.toThrow(/killed/);
    crashes.disarm();
    figures.kills++;
    const halfway = await paymentRow(env, payment.paymentId);
    expect(halfway.status).toBe('succeeded');
    expect(halfway.pendingShard, 'off the re-verify list').toBeUndefined();
    expect(halfway.placeSettled).toBeUndefined();
    expect(halfway.receiptNumber).toBeUndefined();
    expect(halfway.announceOwed).toBe(true);
    expect((await linkRow()).holds).toContain(payment.paymentId);

    // The schedule's next run, five minutes on, finishes every step the killed one left.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + FIVE_MINUTES);
    try {
      await env.runtime.scheduler.runNow(REVERIFY);
    } finally {
      vi.useRealTimers();
    }
    await env.settle();
    const finished = await paymentRow(env, payment.paymentId);
    if (finished.placeSettled !== 'sold' || finished.uncountedShard) figures.lost++;
    expect(finished.placeSettled).toBe('sold');
    expect(finished.receiptNumber).toBeGreaterThan(0);
    expect(finished.announceOwed).toBeUndefined();
    expect(finished.uncountedShard).toBeUndefined();
    expect((await linkRow()).holds ?? new Set()).not.toContain(payment.paymentId);
    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    expect(after.grossRevenue - before.grossRevenue).toBe(AMOUNT_CENTS);
  });
});
