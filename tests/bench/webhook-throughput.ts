/**
 * Webhook throughput: real payments made on the Stripe sandbox with its deliveries held
 * back, then every event it would have sent delivered at once — signed as Stripe signs, CONCURRENCY at a
 * time, a fifth of the deliveries being duplicates, in a seeded shuffle — through the webhook ingress, the
 * bus and the payment consumer into the ledger (payments and stats). Events/s is deliveries over the time
 * until the bus is quiet. Then the double count: the stats against the payments that really succeeded.
 * It must be 0; the bench fails otherwise.
 */
import type Stripe from 'stripe';
import { OPEN_CHECKOUTS_PER_LINK } from '@functions/domain/checkout';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import type { TestRuntime } from '../integration/harness';
import { clientAddress, fetchFrom } from '../support/from-address';
import { seededRandom, shuffle } from '../support/seeded-random';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';

const CONNECT = '/api/webhooks/stripe-connect';
const PLATFORM = '/api/webhooks/stripe';
const SEED = 0x5eed_0014;
/** Payments made (and webhook-settled) before the storm, checkouts created this many at a time. */
const SETUP_CONCURRENCY = 10;

export interface WebhookThroughput {
  payments: number;
  uniqueEvents: number;
  duplicates: number;
  deliveries: number;
  concurrency: number;
  /** Deliveries per second, from the first send until the bus is quiet (ingress → bus → ledger). */
  eventsPerSecond: number;
  /** Deliveries per second the ingress answered (the bus may still be working). */
  ingressPerSecond: number;
  /** Payments counted in the stats more than once, and the cents they add (both must be 0). */
  doubleCounted: number;
  doubleCountedCents: number;
  /** Payments the deliveries should have settled that are not succeeded (must be 0). */
  notSettled: number;
  /** Deliveries answered with anything but 200 (must be 0: every one is well signed). */
  refused: number;
  /** The bench's payments by status after the storm: what to look at when `notSettled` is not 0. */
  statuses: Record<string, number>;
  /**
   * Bus deliveries to a consumer that failed after their retries, by error. A duplicate that arrives while
   * its original is being applied fails on purpose (EventInProgressError, so EventBridge retries it later);
   * the local bus gives up sooner than EventBridge would, so those are expected here. Any other error is not.
   */
  failedDeliveries: Record<string, number>;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function measureWebhookThroughput(
  env: TestRuntime,
  {
    payments: paymentCount,
    concurrency,
    duplicateShare,
  }: { payments: number; concurrency: number; duplicateShare: number },
): Promise<WebhookThroughput> {
  const merchant = await env.createMerchant();
  await env.connectStripe(merchant);
  // All checkouts are open before the first is paid, and a link holds at most OPEN_CHECKOUTS_PER_LINK of
  // them (the next payer is told to try again, docs/decisions.md #58): enough links that none is full.
  const linkIds: string[] = [];
  while (linkIds.length * OPEN_CHECKOUTS_PER_LINK < paymentCount) {
    const { linkId } = await env.createLink(merchant, {
      title: `Webhook bench ${linkIds.length + 1}`,
      isOpenAmount: false,
      amountCents: 1250,
      tipPercent: 10,
    });
    linkIds.push(linkId);
  }

  // Checkouts as payers start them, each payer from an address of its own (one address holds only its share
  // of a link's open Checkouts: docs/decisions.md #168); every third adds the tip.
  const checkouts: { paymentId: string; url: string }[] = [];
  await inPool(
    Array.from({ length: paymentCount }, (_, index) => index),
    SETUP_CONCURRENCY,
    async (index) => {
      const response = await fetchFrom(clientAddress(index), `${env.baseUrl}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkId: linkIds[index % linkIds.length], tip: index % 3 === 0 ? 'percent' : 'none' }),
      });
      if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
      checkouts.push(checkoutResponseSchema.parse(await response.json()));
    },
  );

  // Paid on the hosted page with the sandbox's deliveries held back: the events exist, none has arrived.
  const sandbox = env.runtime.stripe.url;
  const eventsBefore = new Set((await sandboxEvents(sandbox)).map((event) => event.id));
  await fetch(`${sandbox}/_emu/webhooks/drop`, { method: 'POST', body: new URLSearchParams({ count: '1000000000' }) });
  try {
    await inPool(checkouts, SETUP_CONCURRENCY, async ({ url }) => {
      const paid = await payOnHostedCheckout(url);
      if (![302, 303].includes(paid.status)) throw new Error(`the hosted page answered ${paid.status}`);
    });
    await env.settle();
  } finally {
    await fetch(`${sandbox}/_emu/webhooks/drop`, { method: 'DELETE' });
  }
  const events = (await sandboxEvents(sandbox)).filter((event) => !eventsBefore.has(event.id));
  const expectedCents = await Promise.all(
    checkouts.map(async ({ paymentId }) => (await paymentRow(env, paymentId)).totalCents),
  );

  // A fifth of the deliveries are duplicates of others (Stripe retries, or sends twice).
  const random = seededRandom(SEED);
  const duplicates = Math.round((events.length * duplicateShare) / (1 - duplicateShare));
  const copies = Array.from({ length: duplicates }, () => events[Math.floor(random() * events.length)]!);
  const deliveries = shuffle([...events, ...copies], random).map((event) => {
    const path = event.account ? CONNECT : PLATFORM;
    const secret = process.env[path === CONNECT ? 'STRIPE_CONNECT_WEBHOOK_SECRET' : 'STRIPE_WEBHOOK_SECRET']!;
    return { path, secret, body: JSON.stringify(event) };
  });

  let refused = 0;
  const deliveriesBefore = env.runtime.bus.deliveries.length;
  const started = performance.now();
  await inPool(deliveries, concurrency, async ({ path, secret, body }) => {
    const signature = env.stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    const response = await env.api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) refused += 1;
  });
  const ingressSeconds = (performance.now() - started) / 1000;
  await env.settle();
  const seconds = (performance.now() - started) / 1000;

  const stats = dashboardStatsSchema.parse(
    await (await env.api('/api/me/stats', { token: merchant.accessToken })).json(),
  );
  const statuses = await Promise.all(checkouts.map(async ({ paymentId }) => (await paymentRow(env, paymentId)).status));
  const failedDeliveries: Record<string, number> = {};
  for (const delivery of env.runtime.bus.deliveries.slice(deliveriesBefore)) {
    if (delivery.ok) continue;
    const error = `${delivery.functionName}: ${(delivery.error ?? 'unknown').replace(/ [a-z-]+#\S+/g, ' …')}`;
    failedDeliveries[error] = (failedDeliveries[error] ?? 0) + 1;
  }
  const succeeded = statuses.filter((status) => status === 'succeeded').length;
  const succeededCents = expectedCents.reduce(
    (sum, cents, index) => sum + (statuses[index] === 'succeeded' ? cents : 0),
    0,
  );
  return {
    payments: paymentCount,
    uniqueEvents: events.length,
    duplicates,
    deliveries: deliveries.length,
    concurrency,
    eventsPerSecond: Math.round(deliveries.length / seconds),
    ingressPerSecond: Math.round(deliveries.length / ingressSeconds),
    doubleCounted: stats.completedTransactions - succeeded,
    doubleCountedCents: stats.grossRevenue - succeededCents,
    notSettled: paymentCount - succeeded,
    refused,
    statuses: Object.fromEntries(
      [...new Set(statuses)].map((status) => [status, statuses.filter((each) => each === status).length]),
    ),
    failedDeliveries,
  };
}

async function sandboxEvents(sandboxUrl: string): Promise<Stripe.Event[]> {
  return ((await (await fetch(`${sandboxUrl}/_emu/events`)).json()) as { data: Stripe.Event[] }).data;
}
