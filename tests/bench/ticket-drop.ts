/**
 * The bench's ticket drop (issue 42): many payers open Checkout on one link with a few hundred places at once,
 * through the gateway as their browsers would — then every payer who got a place pays on the Stripe sandbox's
 * hosted page, and the link must show exactly its places sold. Reported: sold, refused by reason (the code and
 * the words the payer read), 5xx (must be 0), p50/p95 of POST /api/checkout, and every write the link's row
 * took (its place ledger, docs/decisions.md #58), in write request units as the database reports them.
 *
 * One item's writes all land on one partition, which DynamoDB caps at 1,000 write units a second however the
 * table is billed (Amazon DynamoDB Developer Guide, "Understanding DynamoDB warm throughput in different
 * scenarios": "each individual partition is limited to 1,000 write units per second and 3,000 read units per
 * second"). A write costs 1 unit per KB of the larger of the item before and after it, and a write whose
 * condition fails is billed too, by the item's size (Developer Guide, "DynamoDB read and write operations").
 * The link row grows with its `holds` set, so the bench reads each write's units from the database
 * (ReturnConsumedCapacity) and prices a refused one at the units of the row's last write, which dynalite does
 * not report.
 */
import { tableName } from '@functions/adapters/dynamo';
import { documentClient } from '@functions/adapters/dynamo';
import { paymentLinkStore } from '@functions/adapters/payment-link-store';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { publicPaymentLinkSchema } from '@shared/contracts/payment-links';
import type { TestRuntime } from '../integration/harness';
import { clientAddress, fetchFrom } from '../support/from-address';
import { payOnHostedCheckout } from '../support/stripe-sandbox';

/** DynamoDB's ceiling for one partition, so for one item (see above). */
export const PARTITION_WRITE_UNITS_PER_SECOND = 1_000;

export interface TicketDropOptions {
  payers: number;
  places: number;
  /** Payers whose checkout is in flight at once. */
  concurrency: number;
  /** Payers paying on the hosted page at once, after the drop. */
  payConcurrency: number;
}

/** The link row's writes of one kind: how many, their units, and the largest one. */
interface LedgerWrites {
  writes: number;
  wru: number;
  largestWru: number;
}

export interface TicketDropFigures {
  payers: number;
  places: number;
  dropSeconds: number;
  held: number;
  refused: Record<string, { count: number; status: number; message: string }>;
  serverErrors: number;
  otherAnswers: number;
  checkoutP50Ms: number;
  checkoutP95Ms: number;
  paid: number;
  soldCount: number;
  placesTaken: number;
  holdsLeft: number;
  lateCheckout: string;
  link: {
    take: LedgerWrites;
    sell: LedgerWrites;
    release: LedgerWrites;
    refused: LedgerWrites;
    other: LedgerWrites;
    reads: number;
    rru: number;
  };
  /** Units the link row took per place sold (its take and its sell), and the sales a second that allows. */
  wruPerSale: number;
  salesPerSecondCeiling: number;
  problems: string[];
}

type WriteKind = 'take' | 'sell' | 'release' | 'other';

function kindOf(updateExpression: string | undefined): WriteKind {
  if (!updateExpression) return 'other';
  if (updateExpression.startsWith('ADD holds')) return 'take';
  if (updateExpression.includes('DELETE holds') && updateExpression.includes('soldCount')) return 'sell';
  if (updateExpression.includes('DELETE holds')) return 'release';
  return 'other';
}

/** Meters every request on one link's row at the shared document client (the one the in-process runtime uses). */
function meterLinkRow(linkId: string) {
  const empty = (): LedgerWrites => ({ writes: 0, wru: 0, largestWru: 0 });
  const figures = {
    take: empty(),
    sell: empty(),
    release: empty(),
    refused: empty(),
    other: empty(),
    reads: 0,
    rru: 0,
  };
  let lastWriteWru = 1;
  const add = (into: LedgerWrites, wru: number) => {
    into.writes += 1;
    into.wru += wru;
    into.largestWru = Math.max(into.largestWru, wru);
  };
  const links = tableName('links');
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TableName?: string; Key?: { linkId?: string }; UpdateExpression?: string };
      if (input.TableName !== links || input.Key?.linkId !== linkId) return next(args);
      const command = context.commandName ?? '';
      const metered = { ...args, input: { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } };
      if (command === 'GetItemCommand') {
        const result = await next(metered);
        figures.reads += 1;
        figures.rru +=
          (result.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity?.CapacityUnits ?? 0;
        return result;
      }
      if (command !== 'UpdateItemCommand') return next(args);
      try {
        const result = await next(metered);
        const wru =
          (result.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity?.CapacityUnits ?? 1;
        lastWriteWru = wru;
        add(figures[kindOf(input.UpdateExpression)], wru);
        return result;
      } catch (error) {
        // Billed by the item's size though refused (see above): the row's size as its last write left it.
        if ((error as Error).name === 'ConditionalCheckFailedException') add(figures.refused, lastWriteWru);
        throw error;
      }
    },
    { step: 'initialize', name: `meterTicketDropLink${linkId}` },
  );
  return figures;
}

/** Runs `work` over `items`, at most `concurrency` at once. */
async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const percentile = (sorted: number[], q: number) =>
  Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));

export async function measureTicketDrop(env: TestRuntime, options: TicketDropOptions): Promise<TicketDropFigures> {
  const problems: string[] = [];
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant, {
    title: 'Summer festival ticket',
    isOpenAmount: false,
    amountCents: 45_00,
    tipPercent: 0,
    maxPayments: options.places,
  });
  const meter = meterLinkRow(link.linkId);
  // Each payer from an address of its own: one address holds only its share of a link's places
  // (docs/decisions.md #168), and a drop is many people, not one.
  const checkout = (payer: number) =>
    fetchFrom(clientAddress(payer), `${env.baseUrl}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
    });

  const urls: string[] = [];
  const refused: TicketDropFigures['refused'] = {};
  const timings: number[] = [];
  let serverErrors = 0;
  let otherAnswers = 0;
  const started = performance.now();
  await inPool(
    Array.from({ length: options.payers }, (_, index) => index),
    options.concurrency,
    async (payer) => {
      const at = performance.now();
      const response = await checkout(payer);
      const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
      timings.push(performance.now() - at);
      if (response.status === 200) urls.push(checkoutResponseSchema.parse(body).url);
      else if (response.status >= 500) serverErrors += 1;
      else if (body.code && body.message) {
        const reason = (refused[body.code] ??= { count: 0, status: response.status, message: body.message });
        reason.count += 1;
      } else otherAnswers += 1;
    },
  );
  const dropSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  timings.sort((a, b) => a - b);

  // Every payer who holds a place pays; the webhooks settle each payment and sell its place.
  let paid = 0;
  await inPool(urls, options.payConcurrency, async (url) => {
    const response = await payOnHostedCheckout(url);
    if (response.status === 303) paid += 1;
    else problems.push(`a payer's hosted Checkout answered ${response.status}`);
  });
  await env.settle();

  const ledger = await paymentLinkStore.get(link.linkId);
  const late = await checkout(options.payers);
  const lateBody = (await late.json()) as { code?: string };
  const publicView = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${link.linkId}`)).json());

  if (urls.length !== options.places) problems.push(`${urls.length} payers held a place of ${options.places}`);
  if ((ledger?.soldCount ?? 0) !== options.places) problems.push(`the link sold ${ledger?.soldCount}`);
  if ((ledger?.placesTaken ?? 0) !== options.places) problems.push(`the link took ${ledger?.placesTaken} places`);
  if ((ledger?.holds?.size ?? 0) !== 0) problems.push(`${ledger?.holds?.size} holds were left on the link`);
  if (serverErrors > 0) problems.push(`${serverErrors} payers got a 5xx`);
  if (otherAnswers > 0) problems.push(`${otherAnswers} payers got an answer without a code and words`);
  if (late.status !== 409 || lateBody.code !== 'sold_out' || !publicView.soldOut)
    problems.push(`a payer after the sale was answered ${late.status} ${lateBody.code}`);

  const sold = Math.max(1, ledger?.soldCount ?? 0);
  const wruPerSale = Number(((meter.take.wru + meter.sell.wru) / sold).toFixed(1));
  const largest = Math.max(meter.take.largestWru, meter.sell.largestWru);
  return {
    payers: options.payers,
    places: options.places,
    dropSeconds,
    held: urls.length,
    refused,
    serverErrors,
    otherAnswers,
    checkoutP50Ms: percentile(timings, 0.5),
    checkoutP95Ms: percentile(timings, 0.95),
    paid,
    soldCount: ledger?.soldCount ?? 0,
    placesTaken: ledger?.placesTaken ?? 0,
    holdsLeft: ledger?.holds?.size ?? 0,
    lateCheckout: `${late.status} ${lateBody.code}`,
    link: meter,
    wruPerSale,
    // At the row's largest write, a take and a sell per sale: the sales one item can take in a second.
    salesPerSecondCeiling: Math.floor(PARTITION_WRITE_UNITS_PER_SECOND / (2 * Math.max(1, largest))),
    problems,
  };
}

/** The drop's figures as the bench prints them. */
export function describeTicketDrop(figures: TicketDropFigures): string[] {
  const { link } = figures;
  const writes = (name: string, w: LedgerWrites) =>
    `${name} ${w.writes} writes / ${w.wru} WRU (largest ${w.largestWru})`;
  return [
    `Ticket drop: ${figures.payers.toLocaleString('en-NZ')} payers on one link with ${figures.places} places, in ${figures.dropSeconds} s`,
    `  held ${figures.held}, paid ${figures.paid}, sold ${figures.soldCount} (places taken ${figures.placesTaken}, holds left ${figures.holdsLeft}); a payer after: ${figures.lateCheckout}`,
    `  refused: ${
      Object.entries(figures.refused)
        .map(([code, { count, status, message }]) => `${count} × ${status} ${code} "${message}"`)
        .join('; ') || 'none'
    }`,
    `  5xx ${figures.serverErrors}; POST /api/checkout p50 ${figures.checkoutP50Ms} ms, p95 ${figures.checkoutP95Ms} ms`,
    `  the link row: ${[writes('take', link.take), writes('sell', link.sell), writes('release', link.release), writes('refused by condition', link.refused), writes('other', link.other)].join('; ')}; ${link.reads} reads / ${link.rru} RRU`,
    `  ${figures.wruPerSale} WRU on the row per place sold; at ${PARTITION_WRITE_UNITS_PER_SECOND} WRU/s per item, at most ${figures.salesPerSecondCeiling} sales/s`,
  ];
}
