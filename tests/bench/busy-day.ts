/**
 * The bench's busy merchant day: one merchant's day with more payments than one 400 KB
 * item could guard (about 20,000 ids), counted through the stats store's own exactly-once count — the call
 * settlement makes for each succeeded payment — at the real item size. Then every payment is checked
 * counted once (the day's figures equal the sum over its payments, and a redelivery of every 100th is
 * refused), and the dashboard's read of that merchant is timed and its DynamoDB calls counted.
 */
import { statsStore } from '@functions/adapters/stats-store';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { type PaymentRecord } from '@functions/domain/payments';
import type { TestRuntime } from '../integration/harness';
import { countDynamoCalls } from '../support/dynamodb-call-counter';
import { pendingPayment } from '../support/payments-seed';
import { statsItems } from '../support/stored-rows';

export interface BusyDayFigures {
  payments: number;
  /** Stats items the day spans: its day item plus overflow items. */
  items: number;
  largestItemKeys: number;
  countsPerSecond: number;
  redeliveriesRefused: number;
  statsCalls: number;
  statsP50Ms: number;
  problems: string[];
}

export async function measureBusyMerchantDay(
  env: TestRuntime,
  options: { payments: number; concurrency: number; reads: number },
): Promise<BusyDayFigures> {
  const problems: string[] = [];
  const merchant = await env.createMerchant();
  const day = dayInTimeZone(new Date(Date.now() - 86_400_000), 'Pacific/Auckland');
  const settledAt = `${day}T00:00:00.000Z`;
  const payments: PaymentRecord[] = Array.from({ length: options.payments }, (_, index) => ({
    ...pendingPayment(merchant.sub, { createdAt: settledAt, baseCents: 500 + (index % 97) * 13 }),
    status: 'succeeded',
    settledAt,
  }));

  const started = performance.now();
  for (let start = 0; start < payments.length; start += options.concurrency) {
    const outcomes = await Promise.all(
      payments
        .slice(start, start + options.concurrency)
        .map((payment) => statsStore.countSucceededPayment(payment, day)),
    );
    const notCounted = outcomes.filter((outcome) => outcome !== 'counted').length;
    if (notCounted) problems.push(`${notCounted} payments of the busy day were not counted on their first count`);
  }
  const countsPerSecond = Math.round(options.payments / ((performance.now() - started) / 1000));

  let redeliveriesRefused = 0;
  for (const payment of payments.filter((_, index) => index % 100 === 0)) {
    if ((await statsStore.countSucceededPayment(payment, day)) === 'already-counted') redeliveriesRefused++;
    else problems.push(`a redelivery of ${payment.paymentId} was counted again`);
  }

  const items = (await statsItems(env, merchant.sub)).filter((item) => String(item.day).startsWith(`D#${day}`));
  const total = await statsStore.readDay(merchant.sub, day);
  const revenue = payments.reduce((sum, payment) => sum + payment.totalCents, 0);
  if (total?.succeededCount !== options.payments || total.revenueCents !== revenue) {
    problems.push(`the busy day reads ${total?.succeededCount} payments / ${total?.revenueCents} cents`);
  }

  const read = () => env.api('/api/me/stats', { token: merchant.accessToken });
  const calls = countDynamoCalls();
  const { calls: statsCalls, result: response } = await calls.during(read);
  const stats = (await response.json()) as { completedTransactions: number };
  if (stats.completedTransactions !== options.payments) {
    problems.push(`the busy merchant's stats say ${stats.completedTransactions} payments`);
  }
  const timings: number[] = [];
  for (let index = 0; index < options.reads; index++) {
    const at = performance.now();
    await (await read()).arrayBuffer();
    timings.push(performance.now() - at);
  }
  timings.sort((a, b) => a - b);
  return {
    payments: options.payments,
    items: items.length,
    largestItemKeys: Math.max(...items.map((item) => (item.counted as Set<string> | undefined)?.size ?? 0)),
    countsPerSecond,
    redeliveriesRefused,
    statsCalls,
    statsP50Ms: Number(timings[Math.floor(timings.length / 2)]!.toFixed(2)),
    problems,
  };
}
