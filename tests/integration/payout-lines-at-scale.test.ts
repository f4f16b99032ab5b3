/**
 * Issue 42 item 5 (docs/decisions.md #129): a busy merchant's payout is recorded a page at a
 * time and continues where a run stopped, never starting again; its lines are read from the API a page at
 * a time, every line once, with the whole payout's total on every page; a catch-up run killed during one
 * merchant's payout leaves that merchant rescheduled, not first in line for ever. Its seed (shared with the
 * bench) writes the charges' payments as paid, out of the re-verify schedule's work list.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStore } from '@functions/adapters/payment-store';
import { payoutDeps } from '@functions/adapters/payout-deps';
import { allShards, PENDING_SHARDS } from '@functions/domain/payments';
import { applyPayoutEvent, catchUpPayouts } from '@functions/domain/payout-recording';
import { REVERIFY_CHECKS_PER_RUN } from '@functions/domain/reverification';
import type { StripePort } from '@functions/domain/stripe-port';
import { apiErrorSchema } from '@shared/contracts/errors';
import { payoutDetailSchema, type PayoutLine } from '@shared/contracts/payouts';
import { seedBusyPayout, type BusyPayout } from '../support/busy-payout';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

/** Three of Stripe's pages of 100; each charge is three lines (gross, Stripe's fee, Paylink's fee). */
const TRANSACTIONS = 250;
const LINES = TRANSACTIONS * 3;

let env: TestRuntime;
let merchant: TestMerchant;
let busy: BusyPayout;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  busy = await seedBusyPayout(env, merchant, { transactions: TRANSACTIONS });
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** The runtime's Stripe client, with its balance-transaction pages counted (and held back, if `hold`). */
function countingStripe(stripe: StripePort, hold?: () => Promise<never>) {
  const calls = { pages: 0 };
  const list: StripePort['balanceTransactions']['list'] = (params, options) => {
    calls.pages++;
    return hold ? hold() : stripe.balanceTransactions.list(params, options);
  };
  return { calls, stripe: { ...stripe, balanceTransactions: { ...stripe.balanceTransactions, list } } };
}

const payoutEvent = (payoutId: string) => ({
  id: `evt_busy_${payoutId}`,
  type: 'payout.paid',
  data: { object: { id: payoutId } },
});

async function linesPage(owner: TestMerchant, payoutId: string, query: string) {
  const response = await env.api(`/api/me/payouts/${payoutId}${query}`, { token: owner.accessToken });
  expect(response.status).toBe(200);
  return payoutDetailSchema.parse(await response.json());
}

describe('a busy merchant’s payout', () => {
  it('is recorded a page at a time: a run short of time stops after a page, and the next try continues there', async () => {
    const deps = await payoutDeps(new Date());
    const first = countingStripe(deps.stripe);
    // Time for one page only: the run stops before asking Stripe for the second. The first page is the
    // payout's own withdrawal (newest) and 99 charges.
    const shortRun = { ...deps, stripe: first.stripe, remainingMs: () => (first.calls.pages >= 1 ? 1_000 : 60_000) };
    await expect(applyPayoutEvent(payoutEvent(busy.payoutId), busy.account, shortRun)).rejects.toThrow(
      /recorded as far as 297 lines/,
    );
    expect(first.calls.pages).toBe(1);
    // Not listed yet: the payout's own item is written only once every line is.
    expect((await env.api(`/api/me/payouts/${busy.payoutId}`, { token: merchant.accessToken })).status).toBe(404);

    const second = countingStripe(deps.stripe);
    await applyPayoutEvent(payoutEvent(busy.payoutId), busy.account, { ...deps, stripe: second.stripe });
    // The two pages after the first, not the three again.
    expect(second.calls.pages).toBe(2);
  });

  it('its lines come a page at a time: every line once, oldest first, the whole payout’s total on each page', async () => {
    const lines: PayoutLine[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await linesPage(merchant, busy.payoutId, `?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.lines.length).toBeLessThanOrEqual(200);
      expect(page.linesTotalCents).toBe(busy.amountCents);
      expect(page.lineCount).toBe(LINES);
      lines.push(...page.lines);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(LINES / 200));
    expect(lines).toHaveLength(LINES);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(busy.amountCents);
    const gross = lines.filter((line) => line.kind === 'payment');
    // Oldest first, each charge once, each naming its payment and payer.
    expect(gross.map((line) => line.paymentId)).toEqual(
      Array.from({ length: TRANSACTIONS }, (_, index) => busy.paymentIdOf(index)),
    );
    expect(gross[7]).toMatchObject({ payerName: 'Payer 7', linkTitle: 'Market stall' });
    expect(new Set(gross.map((line) => line.sourceId)).size).toBe(TRANSACTIONS);

    // The default page is not the whole payout.
    const firstPage = await linesPage(merchant, busy.payoutId, '');
    expect(firstPage.lines).toHaveLength(500);
    expect(firstPage.nextCursor).not.toBeNull();
  });

  // The bench seeds 20,000 of them in the runtime its re-verify sections use next: left pending with no
  // Checkout session, they were due a day ago and took every run's work list ahead of those sections' own.
  it('its seeded payments are paid, so none is due a re-verify check', async () => {
    const due = await Promise.all(
      allShards('pending', PENDING_SHARDS).map((shard) =>
        paymentStore.listDueForReverify(shard, new Date().toISOString(), REVERIFY_CHECKS_PER_RUN),
      ),
    );
    const seeded = new Set(Array.from({ length: TRANSACTIONS }, (_, index) => busy.paymentIdOf(index)));
    expect(due.flat().filter(({ paymentId }) => seeded.has(paymentId)).length).toBe(0);
    expect(await paymentStore.get(busy.paymentIdOf(0))).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a cursor it did not give out with a 400, and another merchant’s payout with a 404', async () => {
    for (const cursor of ['not-a-cursor', 'WyJ4IiwwXQ', Buffer.from('["999999",-1]').toString('base64url')]) {
      const response = await env.api(`/api/me/payouts/${busy.payoutId}?cursor=${cursor}`, {
        token: merchant.accessToken,
      });
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json())).toMatchObject({ code: 'invalid_cursor' });
    }
    const tooMany = await env.api(`/api/me/payouts/${busy.payoutId}?limit=5000`, { token: merchant.accessToken });
    expect(tooMany.status).toBe(400);
    const other = await env.createMerchant();
    const response = await env.api(`/api/me/payouts/${busy.payoutId}`, { token: other.accessToken });
    expect(response.status).toBe(404);
  });

  it('a catch-up run killed during a merchant’s payout has already rescheduled that merchant', async () => {
    const slow = await env.connectedMerchant();
    await seedBusyPayout(env, slow, { transactions: 5 });
    const deps = await payoutDeps(new Date());
    let reached!: () => void;
    const reachedStripe = new Promise<void>((resolve) => (reached = resolve));
    // Stripe never answers the balance transactions: the run is as good as killed there.
    const { stripe } = countingStripe(deps.stripe, () => {
      reached();
      const never = new Promise<never>(() => undefined);
      // Whether it is awaited as a page or walked as the SDK's auto-pagination, it never answers.
      return Object.assign(never, { [Symbol.asyncIterator]: () => ({ next: () => never }) });
    });
    void catchUpPayouts([slow.sub], { ...deps, stripe });
    await reachedStripe;

    const { Item } = await env.documents.send(
      new GetCommand({ TableName: env.runtime.dynamo.tableNames.payouts, Key: { merchantId: slow.sub, sk: 'WATCH' } }),
    );
    expect(Date.parse(Item?.nextCheckAt as string)).toBeGreaterThan(Date.now());
  });
});
