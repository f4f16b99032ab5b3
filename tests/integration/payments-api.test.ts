/**
 * The merchant's payment history on the local runtime: GET /api/me/payments (every filter on the server,
 * opaque cursors, full pages within a bounded number of DynamoDB calls), GET /api/me/payments/{id}
 * (tenant scoping, deleted links, Stripe back-fill), and the CSV the browser assembles from the pages.
 *
 * Payments are seeded through the real repository (paymentStore.create, then advance to their status);
 * the references below are written independently of the code under test.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';
import {
  PAYMENT_FILTER_KEYS,
  paymentDetailSchema,
  paymentListSchema,
  type PaymentSummary,
} from '@shared/contracts/payments';
import { paylinkFeeReturned } from '@shared/money';
import { statusDisplayOf } from '@shared/payment-status-display';
import { TRANSACTIONS_CSV_HEADER, TRANSACTIONS_CSV_HEADER_LINE, transactionsCsvRows } from '@shared/transactions-csv';
import { paymentStore } from '@functions/adapters/payment-store';
import { MAX_QUERY_CALLS_PER_PAGE } from '@functions/domain/payment-history';
import type { PaymentRecord } from '@functions/domain/payments';
import { STATUS_RANK } from '@functions/domain/payment-status';
import { countDynamoCalls, type DynamoCallCounter } from '../support/dynamodb-call-counter';
import { batchPutPayments, pendingPayment } from '../support/payments-seed';
import { paymentRow } from '../support/stored-rows';
import { parseCsv } from '../support/csv';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchantA: TestMerchant;
let merchantB: TestMerchant;
/** 10,000 payments: the export and the sparse-filter bound. */
let merchantBulk: TestMerchant;
const seeded = new Map<string, PaymentRecord[]>();

/** Query calls on the payments `byMerchant` index, counted at the functions' own DynamoDB client. */
let paymentListQueries: DynamoCallCounter;

const AUCKLAND = 'Pacific/Auckland';
const PERTH = 'Australia/Perth';

/** The filters as the URL carries them (the contract's own input type is `unknown` per field, being preprocessed). */
type PaymentFiltersInput = { [Key in (typeof PAYMENT_FILTER_KEYS)[number]]?: string };

// ---------------------------------------------------------------- seeding

let sequence = 0;
function paymentId(): string {
  sequence += 1;
  // 16 characters after pay_, unique and readable; random ones are tested by the checkout suite.
  return `pay_${String(sequence).padStart(6, '0')}${Math.random().toString(36).slice(2, 12).padEnd(10, 'x')}`;
}

interface Seed {
  createdAt: string;
  status?: PaymentStatus;
  baseCents?: number;
  tipCents?: number;
  payerEmail?: string | null;
  payerName?: string | null;
  paymentIntentId?: string | null;
  linkId?: string;
  linkTitle?: string;
  stripeAccountId?: string;
  lastError?: string;
}

function recordOf(merchantId: string, seed: Seed): PaymentRecord {
  const record = pendingPayment(merchantId, { ...seed, paymentId: paymentId() });
  // A Checkout still open is written so at checkout (it never moves back to open).
  return seed.status === 'open' ? { ...record, status: 'open', statusRank: STATUS_RANK.open } : record;
}

/** Creates the payment pending, then moves it to its status with the payer's details, as settlement does. */
async function seedPayment(merchantId: string, seed: Seed): Promise<PaymentRecord> {
  const record = recordOf(merchantId, seed);
  await paymentStore.create(record);
  const status = seed.status ?? 'succeeded';
  const details = {
    payerEmail: seed.payerEmail,
    payerName: seed.payerName,
    paymentIntentId: seed.paymentIntentId === undefined ? `pi_${record.paymentId.slice(4)}` : seed.paymentIntentId,
  };
  let stored = record;
  if (status !== 'pending' && status !== 'open') {
    const { payment } = await paymentStore.advance(record, status, details, new Date(seed.createdAt));
    stored = payment!;
  } else if (seed.lastError) {
    await paymentStore.recordAttemptError(record.paymentId, seed.lastError, new Date(seed.createdAt));
    stored = (await paymentStore.get(record.paymentId))!;
  }
  const list = seeded.get(merchantId) ?? [];
  list.push(stored);
  seeded.set(merchantId, list);
  return stored;
}

/**
 * Bulk payments are written already settled (the shape advance leaves: status, rank, settledAt, payer
 * details), as the repository's create puts them but 25 to a BatchWriteItem: 10,000 create+advance pairs
 * would double the seeding time for no extra coverage, and 10,000 single puts take 25 times the requests
 * (docs/decisions.md #72).
 */
async function seedBulk(merchantId: string, seeds: Seed[]) {
  const records = seeds.map((seed) => {
    const { pendingShard: _shard, pendingSince: _since, ...record } = recordOf(merchantId, seed);
    const status = seed.status ?? 'succeeded';
    return {
      ...record,
      status,
      statusRank: STATUS_RANK[status],
      settledAt: seed.createdAt,
      ...(seed.payerEmail != null && { payerEmail: seed.payerEmail }),
      ...(seed.payerName != null && { payerName: seed.payerName }),
      paymentIntentId: `pi_${record.paymentId.slice(4)}`,
    } satisfies PaymentRecord;
  });
  await batchPutPayments(records);
  seeded.set(merchantId, [...(seeded.get(merchantId) ?? []), ...records]);
}

// ---------------------------------------------------------------- reference (independent of the code under test)

// One formatter per time zone: building one per payment was 8% of this file's CPU.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function aucklandDay(instant: string, timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

const GROUP: Record<PaymentStatus, string> = {
  succeeded: 'approved',
  pending: 'pending',
  failed: 'denied',
  open: 'open',
  canceled: 'abandoned',
  expired: 'abandoned',
};

function dollarsToCents(text: string) {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function reference(merchantId: string, filters: PaymentFiltersInput, timeZone = AUCKLAND): PaymentRecord[] {
  return (seeded.get(merchantId) ?? [])
    .filter((payment) => {
      const day = aucklandDay(payment.createdAt, timeZone);
      if (filters.dateFrom && day < filters.dateFrom) return false;
      if (filters.dateTo && day > filters.dateTo) return false;
      if (filters.status && GROUP[payment.status] !== filters.status) return false;
      // With no status chosen, a checkout opened or left is not a payment (docs/decisions.md #30).
      if (!filters.status && ['open', 'abandoned'].includes(GROUP[payment.status]!)) return false;
      if (
        filters.transactionId &&
        !payment.paymentId.startsWith(filters.transactionId) &&
        !(payment.paymentIntentId ?? '').startsWith(filters.transactionId)
      )
        return false;
      if (
        filters.customerEmail &&
        (payment.payerEmail ?? '').trim().toLowerCase() !== filters.customerEmail.trim().toLowerCase()
      )
        return false;
      if (filters.amountMin && payment.totalCents < dollarsToCents(filters.amountMin)) return false;
      if (filters.amountMax && payment.totalCents > dollarsToCents(filters.amountMax)) return false;
      return true;
    })
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

// ---------------------------------------------------------------- API helpers

function listUrl(filters: PaymentFiltersInput & { cursor?: string; limit?: string | number }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) search.set(key, String(value));
  return `/api/me/payments?${search}`;
}

interface Page {
  payments: PaymentSummary[];
  nextCursor: string | null;
  queries: number;
}

async function listPage(
  merchant: TestMerchant,
  filters: PaymentFiltersInput,
  page: { cursor?: string; limit?: number } = {},
): Promise<Page> {
  const { result: response, calls: queries } = await paymentListQueries.during(() =>
    env.api(listUrl({ ...filters, ...page }), { token: merchant.accessToken }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const body = paymentListSchema.parse(await response.json());
  return { ...body, queries };
}

/** Every page, following nextCursor, as the Transactions screen and the CSV export do. */
async function listAll(merchant: TestMerchant, filters: PaymentFiltersInput, limit: number) {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = await listPage(merchant, filters, { cursor, limit });
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
    expect(pages.length).toBeLessThan(500);
  } while (cursor);
  return { pages, payments: pages.flatMap((page) => page.payments) };
}

/** Pages in order, no duplicates or gaps, each page full unless it is the last or its call bound ran out. */
function expectPagesMatch(pages: Page[], expected: PaymentRecord[], limit: number) {
  const ids = pages.flatMap((page) => page.payments.map((payment) => payment.paymentId));
  expect(new Set(ids).size, 'no payment appears twice').toBe(ids.length);
  expect([...ids].sort()).toEqual(expected.map((payment) => payment.paymentId).sort());
  const createdAts = pages.flatMap((page) => page.payments.map((payment) => payment.createdAt));
  expect(createdAts, 'newest first').toEqual([...createdAts].sort().reverse());
  pages.forEach((page, index) => {
    expect(page.queries).toBeGreaterThanOrEqual(1);
    expect(page.queries).toBeLessThanOrEqual(MAX_QUERY_CALLS_PER_PAGE);
    const last = index === pages.length - 1;
    if (!last && page.queries < MAX_QUERY_CALLS_PER_PAGE)
      expect(page.payments, `page ${index} is full`).toHaveLength(limit);
  });
  expect(pages.at(-1)!.nextCursor).toBeNull();
}

async function errorOf(response: Response) {
  const body = (await response.json()) as { code: string; message: string };
  expect(body.message.length).toBeGreaterThan(5);
  return body;
}

// ---------------------------------------------------------------- the data

/** Merchant A: every filter's edge in a hundred-odd payments. */
async function seedMerchantA() {
  const id = merchantA.sub;
  const statuses: PaymentStatus[] = ['succeeded', 'succeeded', 'pending', 'failed', 'canceled', 'expired', 'open'];
  const emails = ['Aroha.Smith@Example.CO.NZ', 'rawiri@kiwi.nz', 'SMITHY@mail.com', null, 'mere@example.co.nz'];
  const seeds: Seed[] = [];
  // Roughly every 2.3 days back from 30 June 2024, across several months and both NZ offsets.
  for (let index = 0; index < 90; index += 1) {
    const createdAt = new Date(Date.UTC(2024, 5, 30, 3, 17) - index * 55 * 3_600_000 - index * 61_000).toISOString();
    seeds.push({
      createdAt,
      status: statuses[index % statuses.length],
      baseCents: 500 + ((index * 137) % 4000),
      tipCents: index % 3 === 0 ? 150 : 0,
      payerEmail: emails[index % emails.length],
      payerName: index % 7 === 0 ? null : `Payer ${index}`,
      paymentIntentId: index % 4 === 0 ? `pi_group7${index}` : undefined,
    });
  }
  // Around Auckland midnights: 23:59:59.999 and 00:00 local, in winter (+12) and summer (+13).
  seeds.push(
    { createdAt: '2024-06-30T11:59:59.999Z', payerEmail: 'edge@example.co.nz', baseCents: 2000 }, // 30 Jun 23:59 NZST
    { createdAt: '2024-06-30T12:00:00.000Z', payerEmail: 'edge@example.co.nz', baseCents: 2000 }, // 1 Jul 00:00 NZST
    { createdAt: '2024-06-30T13:00:00.000Z', payerEmail: 'edge@example.co.nz', baseCents: 2000 }, // 1 Jul NZ, 30 Jun UTC
    { createdAt: '2024-01-31T10:59:59.999Z', payerEmail: 'edge@example.co.nz', baseCents: 2000 }, // 31 Jan 23:59 NZDT
    { createdAt: '2024-01-31T11:00:00.000Z', payerEmail: 'edge@example.co.nz', baseCents: 2000 }, // 1 Feb 00:00 NZDT
    // The days the clocks change: midnight's offset differs from the rest of the day's.
    { createdAt: '2024-04-06T10:59:59.999Z', payerEmail: 'edge@example.co.nz' }, // 6 Apr 23:59 NZDT
    { createdAt: '2024-04-06T11:30:00.000Z', payerEmail: 'edge@example.co.nz' }, // 7 Apr 00:30 NZDT (DST ends 03:00)
    { createdAt: '2024-09-28T11:30:00.000Z', payerEmail: 'edge@example.co.nz' }, // 28 Sep 23:30 NZST
    { createdAt: '2024-09-28T12:00:00.000Z', payerEmail: 'edge@example.co.nz' }, // 29 Sep 00:00 NZST (DST starts 02:00)
  );
  // Five payments in the same millisecond: a page boundary inside a tie must still skip and repeat nothing.
  for (let index = 0; index < 5; index += 1) {
    seeds.push({ createdAt: '2024-05-05T05:05:05.005Z', payerEmail: `tie${index}@example.co.nz`, baseCents: 1000 });
  }
  // Totals exactly on the amount filter's bounds (inclusive), and text a spreadsheet would run.
  seeds.push(
    { createdAt: '2024-04-10T01:00:00.000Z', baseCents: 1000, tipCents: 0, payerEmail: 'bound@example.co.nz' },
    { createdAt: '2024-04-10T02:00:00.000Z', baseCents: 1800, tipCents: 250, payerEmail: 'bound@example.co.nz' },
    {
      createdAt: '2024-04-10T03:00:00.000Z',
      payerName: '=HYPERLINK("http://evil.example","click")',
      payerEmail: '+64@example.co.nz',
      linkTitle: '@SUM(A1), "quoted"\nnext line',
    },
    { createdAt: '2024-04-10T04:00:00.000Z', status: 'pending', lastError: 'Your card was declined.' },
  );
  for (const seed of seeds) await seedPayment(id, seed);
}

/** Merchant Bulk: 10,000 payments, seeded only when a test that needs them runs. */
async function seedMerchantBulk() {
  merchantBulk = await env.createMerchant();
  const start = Date.UTC(2025, 0, 1);
  await seedBulk(
    merchantBulk.sub,
    Array.from({ length: 10_000 }, (_, index) => ({
      // One every ~47 minutes, newest first in index order; every 500th shares the previous instant.
      createdAt: new Date(start - (index - (index % 500 === 1 ? 1 : 0)) * 2_820_000).toISOString(),
      // No abandoned checkouts: the unfiltered list and the export hold all 10,000 (docs/decisions.md #30).
      status: (['succeeded', 'succeeded', 'succeeded', 'failed', 'pending'] as const)[index % 5],
      baseCents: 100 + ((index * 7919) % 50_000),
      tipCents: index % 4 === 0 ? 5 + (index % 90) : 0,
      payerEmail: [50, 4000, 7000, 9990].includes(index)
        ? `Rare.Bird${index}@Example.com`
        : `payer${index}@example.com`,
      payerName: index % 997 === 0 ? `-${index}+1, "O'Brien"` : index % 3 === 0 ? null : `Māori Payer ${index}`,
    })),
  );
}

beforeAll(async () => {
  env = await bootLocalRuntime();
  paymentListQueries = countDynamoCalls(
    (call) =>
      call.command === 'QueryCommand' &&
      (call.index === 'byMerchant' || call.index === 'byPayerEmail') &&
      call.table === env.runtime.dynamo.tableNames.payments,
  );
  [merchantA, merchantB] = await Promise.all([env.createMerchant(), env.createMerchant({ timeZone: PERTH })]);
  await seedMerchantA();
  // B shares A's emails and amounts, so a leak would match the same filters.
  for (let index = 0; index < 12; index += 1) {
    await seedPayment(merchantB.sub, {
      createdAt: new Date(Date.UTC(2024, 5, 30, 15, 30) - index * 86_400_000).toISOString(),
      payerEmail: 'Aroha.Smith@Example.CO.NZ',
      baseCents: 1500,
    });
  }
});

afterAll(async () => {
  await env?.stop();
});

// ---------------------------------------------------------------- the list

describe('GET /api/me/payments', () => {
  it('counts the functions’ DynamoDB calls (the bound below is measured, not assumed)', async () => {
    const page = await listPage(merchantA, {}, { limit: 5 });
    expect(page.queries).toBe(1);
  });

  it('lists every payment newest first across full pages, nothing skipped or repeated (ties included)', async () => {
    for (const limit of [7, 25, 100]) {
      const { pages } = await listAll(merchantA, {}, limit);
      expectPagesMatch(pages, reference(merchantA.sub, {}), limit);
    }
    // Pages of 2 over the day of the five-way tie: every boundary falls inside it.
    const tieDay = { dateFrom: '2024-05-05', dateTo: '2024-05-05' };
    expect(reference(merchantA.sub, tieDay).length).toBeGreaterThanOrEqual(5);
    expectPagesMatch((await listAll(merchantA, tieDay, 2)).pages, reference(merchantA.sub, tieDay), 2);
  });

  it.each<[string, PaymentFiltersInput]>([
    ['Date From', { dateFrom: '2024-05-01' }],
    ['Date To', { dateTo: '2024-04-10' }],
    ['a date range', { dateFrom: '2024-02-01', dateTo: '2024-03-31' }],
    ['one Auckland day (not the UTC day)', { dateFrom: '2024-07-01', dateTo: '2024-07-01' }],
    ['the day before an Auckland midnight', { dateFrom: '2024-06-30', dateTo: '2024-06-30' }],
    ['a summer Auckland day', { dateFrom: '2024-02-01', dateTo: '2024-02-01' }],
    ['the day daylight saving ends', { dateFrom: '2024-04-07', dateTo: '2024-04-07' }],
    ['the day daylight saving starts', { dateFrom: '2024-09-29', dateTo: '2024-09-29' }],
    ['Approved', { status: 'approved' }],
    ['Pending', { status: 'pending' }],
    ['Denied (failed)', { status: 'denied' }],
    ['Checkout open', { status: 'open' }],
    ['Abandoned (canceled and expired)', { status: 'abandoned' }],
    ['the start of a Stripe payment id', { transactionId: 'pi_group7' }],
    ['a whole email in another case', { customerEmail: 'aroha.smith@example.co.nz' }],
    ['an email with stray spaces', { customerEmail: '  MERE@example.co.nz ' }],
    ['a rarer email', { customerEmail: 'EDGE@example.co.nz' }],
    ['Min', { amountMin: '30' }],
    ['Max', { amountMax: '10' }],
    ['Min and Max, inclusive', { amountMin: '10', amountMax: '20.50' }],
    [
      'all of them at once',
      {
        dateFrom: '2024-03-01',
        dateTo: '2024-06-30',
        status: 'approved',
        customerEmail: 'Aroha.Smith@example.co.nz',
        amountMin: '8',
      },
    ],
  ])('filters by %s on the server, exactly as the reference does', async (_name, filters) => {
    const expected = reference(merchantA.sub, filters);
    expect(expected.length, 'the filter matches something').toBeGreaterThan(0);
    expect(expected.length, 'the filter leaves something out').toBeLessThan(seeded.get(merchantA.sub)!.length);
    const { pages } = await listAll(merchantA, filters, 4);
    expectPagesMatch(pages, expected, 4);
  });

  it('matches a whole email only: part of an address finds nothing', async () => {
    for (const part of ['smith', 'example.co.nz', 'EDGE@']) {
      const page = await listPage(merchantA, { customerEmail: part }, { limit: 25 });
      expect(page.payments, part).toEqual([]);
    }
  });

  it('matches the start of Paylink’s own payment id, and nothing in the middle of one', async () => {
    const target = seeded.get(merchantA.sub)![42]!;
    const { payments } = await listAll(merchantA, { transactionId: target.paymentId.slice(0, 12) }, 25);
    expect(payments.map((payment) => payment.paymentId)).toEqual([target.paymentId]);
    const middle = await listAll(merchantA, { transactionId: target.paymentId.slice(4, 14) }, 25);
    expect(middle.payments).toEqual([]);
  });

  it('puts the Auckland-midnight payments in the right days', async () => {
    const julyFirst = await listAll(merchantA, { dateFrom: '2024-07-01', dateTo: '2024-07-01' }, 25);
    expect(julyFirst.payments.map((payment) => payment.createdAt).sort()).toEqual([
      '2024-06-30T12:00:00.000Z',
      '2024-06-30T13:00:00.000Z',
    ]);
    const januaryLast = await listAll(merchantA, { dateFrom: '2024-01-31', dateTo: '2024-01-31' }, 25);
    expect(januaryLast.payments.map((payment) => payment.createdAt)).toContain('2024-01-31T10:59:59.999Z');
    expect(januaryLast.payments.map((payment) => payment.createdAt)).not.toContain('2024-01-31T11:00:00.000Z');
  });

  it('answers the contract’s rows, amounts in cents', async () => {
    const { payments } = await listPage(merchantA, { amountMin: '20.50', amountMax: '20.50' });
    const bound = seeded.get(merchantA.sub)!.find((payment) => payment.totalCents === 2050)!;
    expect(payments).toContainEqual({
      paymentId: bound.paymentId,
      paymentIntentId: bound.paymentIntentId,
      linkId: bound.linkId,
      linkTitle: 'Flat white',
      linkDescription: null,
      status: 'succeeded',
      currency: 'nzd',
      amountCents: 1800,
      tipCents: 250,
      totalCents: 2050,
      payerName: null,
      payerEmail: 'bound@example.co.nz',
      createdAt: '2024-04-10T02:00:00.000Z',
      settledAt: '2024-04-10T02:00:00.000Z',
      refundedCents: 0,
      moneyState: null,
      reference: null,
      customFields: [],
      payerPhone: null,
      refundedBy: null,
      // The fees as recorded at settlement, for the CSV (docs/decisions.md #89).
      stripeFeeCents: bound.stripeFeeCents ?? null,
      productFeeCents: bound.productFeeCents,
      // A one-off payment is no subscription's (docs/decisions.md #267).
      subscriptionPayment: null,
      recurringTerms: null,
    });
  });

  it.each<[string, string]>([
    ['a date that is not a day', 'dateFrom=2024-13-01'],
    ['a day that does not exist', 'dateTo=2024-02-30'],
    ['a date in another format', 'dateFrom=30%2F06%2F2024'],
    ['Date From after Date To', 'dateFrom=2024-06-02&dateTo=2024-06-01'],
    ['Min above Max', 'amountMin=20&amountMax=10'],
    ['an amount that is not money', 'amountMin=ten'],
    ['an unknown status', 'status=chargedback'],
    ['a page too large', 'limit=1000'],
    ['a page of nothing', 'limit=0'],
    ['a garbled cursor', 'cursor=%21%21not-base64%21%21'],
    ['a cursor that is not JSON', `cursor=${Buffer.from('not json').toString('base64url')}`],
    ['a cursor that is base64 of junk', `cursor=${Buffer.from('{"c":1}').toString('base64url')}`],
    [
      'a cursor that names a merchant',
      `cursor=${Buffer.from(JSON.stringify({ c: '2024-06-01T00:00:00.000Z', p: 'pay_AAAAAAAAAAAAAAAA', m: 'someone' })).toString('base64url')}`,
    ],
    [
      'a cursor outside the date range',
      `dateFrom=2024-01-01&dateTo=2024-01-31&cursor=${Buffer.from(JSON.stringify({ c: '2024-06-01T00:00:00.000Z', p: 'pay_AAAAAAAAAAAAAAAA' })).toString('base64url')}`,
    ],
  ])('answers %s with a 400 in words', async (_name, search) => {
    const response = await env.api(`/api/me/payments?${search}`, { token: merchantA.accessToken });
    expect(response.status).toBe(400);
    await errorOf(response);
  });

  it('never trusts a cursor for the merchant: A’s cursor in B’s hands pages B’s own payments', async () => {
    const first = await listPage(merchantA, {}, { limit: 3 });
    const borrowed = await listPage(merchantB, {}, { cursor: first.nextCursor!, limit: 100 });
    const aIds = new Set(seeded.get(merchantA.sub)!.map((payment) => payment.paymentId));
    expect(borrowed.payments.some((payment) => aIds.has(payment.paymentId))).toBe(false);
    expect(borrowed.payments.length).toBeGreaterThan(0);
  });

  it('shows merchant B only B’s payments, whatever the filter, and counts B’s days in B’s zone', async () => {
    const all = await listAll(merchantB, {}, 5);
    expectPagesMatch(all.pages, reference(merchantB.sub, {}), 5);
    const a = seeded.get(merchantA.sub)!;
    const byId = await listAll(merchantB, { transactionId: a[0]!.paymentId }, 25);
    expect(byId.payments).toEqual([]);
    // 30 June 15:30 UTC is 23:30 in Perth (+8) but already 1 July in Auckland.
    const perthDay = await listAll(merchantB, { dateFrom: '2024-06-30', dateTo: '2024-06-30' }, 25);
    expect(perthDay.payments.map((payment) => payment.createdAt)).toEqual(['2024-06-30T15:30:00.000Z']);
    expectPagesMatch(
      perthDay.pages,
      reference(merchantB.sub, { dateFrom: '2024-06-30', dateTo: '2024-06-30' }, PERTH),
      25,
    );
  });

  it('refuses a request without a token', async () => {
    expect((await env.api('/api/me/payments')).status).toBe(401);
  });
});

// ---------------------------------------------------------------- the detail

async function detail(merchant: TestMerchant, id: string) {
  return env.api(`/api/me/payments/${id}`, { token: merchant.accessToken });
}

describe('GET /api/me/payments/{id}', () => {
  it('answers another merchant’s payment exactly as a missing one: 404, same words', async () => {
    const payment = seeded.get(merchantA.sub)![0]!;
    expect((await detail(merchantA, payment.paymentId)).status).toBe(200);
    const foreign = await detail(merchantB, payment.paymentId);
    const missing = await detail(merchantB, 'pay_AAAAAAAAAAAAAAAA');
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
  });

  it.each([['not-a-payment'], ['pay_short'], ['%20'], ['pay_AAAAAAAAAAAAAAAA%00']])(
    'answers the path %s with a 404, never a 500',
    async (path) => {
      const response = await detail(merchantA, path);
      expect(response.status).toBe(404);
      await errorOf(response);
    },
  );

  it('answers a path that is not even URL-encoding with a 4xx, never a 500', async () => {
    // The gateway decodes path parameters; a malformed escape is the caller's mistake.
    const response = await detail(merchantA, '%ZZ');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('shows a pending payment’s decline, says its link is gone, and has no dashboard link before Stripe', async () => {
    const pending = seeded.get(merchantA.sub)!.find((payment) => payment.lastError)!;
    const body = paymentDetailSchema.parse(await (await detail(merchantA, pending.paymentId)).json());
    expect(body).toMatchObject({ status: 'pending', lastError: 'Your card was declined.', linkDeleted: true });
  });

  it('still answers a succeeded payment whose Stripe details cannot be fetched, without writing anything', async () => {
    const payment = seeded.get(merchantA.sub)!.find((candidate) => candidate.status === 'succeeded')!;
    const response = await detail(merchantA, payment.paymentId);
    expect(response.status).toBe(200);
    const body = paymentDetailSchema.parse(await response.json());
    expect(body).toMatchObject({ cardBrand: null, stripeFeeCents: null, receiptUrl: null });
    expect(body.stripeDashboardUrl).toBe(`${env.runtime.stripe.url}/dashboard/payments/${payment.paymentIntentId}`);
    expect(await paymentRow(env, payment.paymentId)).toEqual(payment);
  });

  describe('a payment paid on the sandbox', () => {
    let paymentId: string;
    let linkId: string;

    beforeAll(async () => {
      await env.connectStripe(merchantA);
      const created = await env.createLink(merchantA, {
        title: 'Long black',
        description: 'Hot',
        isOpenAmount: false,
        amountCents: 450,
        tipPercent: 10,
      });
      linkId = created.linkId;
      const checkout = await env.api('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkId, tip: 'percent' }),
      });
      const { url, paymentId: id } = checkoutResponseSchema.parse(await checkout.json());
      paymentId = id;
      const paid = await payOnHostedCheckout(url, { email: 'Payer@Example.co.nz' });
      expect(paid.status).toBe(303);
      await env.settle();
    });

    it('shows what settlement recorded, the link, and the payment in the merchant’s Stripe dashboard', async () => {
      const row = await paymentRow(env, paymentId);
      expect(row.status).toBe('succeeded');
      const body = paymentDetailSchema.parse(await (await detail(merchantA, paymentId)).json());
      expect(body).toMatchObject({
        paymentId,
        linkId,
        linkTitle: 'Long black',
        linkDeleted: false,
        amountCents: 450,
        tipCents: 45,
        totalCents: 495,
        paymentMethodType: 'card',
        cardBrand: 'visa',
        cardLast4: '4242',
        stripeFeeCents: row.stripeFeeCents,
        productFeeCents: row.productFeeCents,
        receiptUrl: row.receiptUrl,
        lastError: null,
      });
      expect(body.stripeFeeCents).toBeGreaterThan(0);
      // Locally 'View in Stripe' opens the sandbox's page for the payment (in the cloud, dashboard.stripe.com).
      expect(body.stripeDashboardUrl).toBe(`${env.runtime.stripe.url}/dashboard/payments/${row.paymentIntentId}`);
      const page = await fetch(body.stripeDashboardUrl!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('NZD $4.95');
    });

    it('fetches card, fee and receipt from Stripe when settlement missed them, and stores only the missing ones', async () => {
      const before = await paymentRow(env, paymentId);
      // As if settlement had recorded the payer but not the charge, and the last 4 some other way.
      await env.documents.send(
        new UpdateCommand({
          TableName: env.runtime.dynamo.tableNames.payments,
          Key: { paymentId },
          UpdateExpression: 'SET cardLast4 = :kept REMOVE paymentMethodType, cardBrand, stripeFeeCents, receiptUrl',
          ExpressionAttributeValues: { ':kept': '0000' },
        }),
      );
      const body = paymentDetailSchema.parse(await (await detail(merchantA, paymentId)).json());
      expect(body).toMatchObject({
        paymentMethodType: 'card',
        cardBrand: 'visa',
        cardLast4: '0000',
        stripeFeeCents: before.stripeFeeCents,
        receiptUrl: before.receiptUrl,
      });
      const after = await paymentRow(env, paymentId);
      expect(after).toMatchObject({
        paymentMethodType: 'card',
        cardBrand: 'visa',
        cardLast4: '0000',
        stripeFeeCents: before.stripeFeeCents,
        receiptUrl: before.receiptUrl,
      });
    });

    it('says Deleted link once the link row is gone (the payment keeps its title)', async () => {
      await env.documents.send(new DeleteCommand({ TableName: env.runtime.dynamo.tableNames.links, Key: { linkId } }));
      const body = paymentDetailSchema.parse(await (await detail(merchantA, paymentId)).json());
      expect(body).toMatchObject({ linkDeleted: true, linkTitle: 'Long black' });
    });

    it('is a 404 for merchant B', async () => {
      expect((await detail(merchantB, paymentId)).status).toBe(404);
    });
  });
});

// ---------------------------------------------------------------- the CSV

/** The export as the browser builds it: header, then one chunk per page of 100. */
async function exportCsv(merchant: TestMerchant, filters: PaymentFiltersInput, timeZone: string) {
  const { pages } = await listAll(merchant, filters, 100);
  return {
    text: TRANSACTIONS_CSV_HEADER_LINE + pages.map((page) => transactionsCsvRows(page.payments, { timeZone })).join(''),
    pages,
  };
}

function expectedCells(payment: PaymentRecord, timeZone: string) {
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(payment.createdAt))
    .replace(',', '');
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const inert = (text: string | null | undefined) => (/^[=+\-@\t\r]/.test(text ?? '') ? `'${text}` : (text ?? ''));
  return [
    local,
    payment.paymentId,
    payment.paymentIntentId ?? '',
    inert(payment.linkTitle),
    statusDisplayOf(payment.status, payment.moneyState),
    dollars(payment.baseCents),
    dollars(payment.tipCents),
    dollars(payment.totalCents),
    'NZD',
    inert(payment.payerName),
    inert(payment.payerEmail),
    // Refunded and Dispute (docs/decisions.md #19): the seeded payments have neither.
    dollars(payment.refundedCents ?? 0),
    payment.moneyState === 'disputed' ? 'Disputed' : '',
    // The merchant's reference from the link (docs/decisions.md #55), written as typed.
    inert(payment.reference),
    // The payer's phone, when the link asked for it (docs/decisions.md #76): the seeded payments were not asked.
    inert(payment.payerPhone),
    // Stripe Fee, Paylink Fee and Net (docs/decisions.md #89): for a succeeded payment whose fee was recorded.
    ...(payment.status === 'succeeded'
      ? [
          payment.stripeFeeCents == null ? '' : dollars(payment.stripeFeeCents),
          dollars(payment.productFeeCents),
          payment.stripeFeeCents == null
            ? ''
            : dollars(
                payment.totalCents -
                  payment.stripeFeeCents -
                  payment.productFeeCents -
                  (payment.refundedCents ?? 0) +
                  // The Paylink fee a refund gives back (tests/unit/transactions-csv.test.ts pins the figures).
                  paylinkFeeReturned(payment.productFeeCents, payment.refundedCents ?? 0, payment.totalCents),
              ),
        ]
      : ['', '', '']),
    // Refunded By (docs/decisions.md #195): nobody refunded the seeded payments through Paylink.
    '',
    // Subscription (docs/decisions.md #267): the seeded payments are one-off.
    '',
  ];
}

describe('CSV export (the browser reads pages of 100)', () => {
  it('neutralises formula cells and keeps quoted commas, quotes and line breaks', async () => {
    const { text } = await exportCsv(merchantA, { dateFrom: '2024-04-10', dateTo: '2024-04-10' }, AUCKLAND);
    const rows = parseCsv(text).slice(1);
    const hostile = rows.find((row) => row[9]?.includes('HYPERLINK'))!;
    expect(hostile[9]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(hostile[10]).toBe(`'+64@example.co.nz`);
    expect(hostile[3]).toBe(`'@SUM(A1), "quoted"\nnext line`);
    expect(rows).toHaveLength(reference(merchantA.sub, { dateFrom: '2024-04-10', dateTo: '2024-04-10' }).length);
  });

  it('gives merchant B a file with none of A’s payments', async () => {
    const { text } = await exportCsv(merchantB, { customerEmail: 'aroha.smith@example.co.nz' }, PERTH);
    const ids = parseCsv(text)
      .slice(1)
      .map((row) => row[1]);
    expect(ids.sort()).toEqual(
      seeded
        .get(merchantB.sub)!
        .map((payment) => payment.paymentId)
        .sort(),
    );
    const aIds = new Set(seeded.get(merchantA.sub)!.map((payment) => payment.paymentId));
    expect(ids.some((id) => aIds.has(id!))).toBe(false);
  });
});

describe('10,000 payments: the call bound and the export', () => {
  beforeAll(seedMerchantBulk, 90_000);

  it('keeps a sparse filter over ~3,000 payments to one full request within the call bound', async () => {
    // 1 Jan 2025 back ~3,000 × 47 minutes is about 98 days: a date range holding ~3,000 payments, 1 match.
    const rare = seeded.get(merchantBulk.sub)!.find((payment) => payment.payerEmail === 'Rare.Bird50@Example.com')!;
    const filters = { dateFrom: '2024-09-25', dateTo: '2024-12-31', transactionId: rare.paymentId };
    const inRange = reference(merchantBulk.sub, { dateFrom: filters.dateFrom, dateTo: filters.dateTo });
    expect(inRange.length).toBeGreaterThan(2800);
    expect(inRange.length).toBeLessThan(3200);
    const page = await listPage(merchantBulk, filters, { limit: 25 });
    expect(page.payments.map((payment) => payment.paymentId)).toEqual(
      reference(merchantBulk.sub, filters).map((payment) => payment.paymentId),
    );
    expect(page.payments).toHaveLength(1);
    expect(page.nextCursor).toBeNull();
    expect(page.queries).toBeGreaterThan(1);
    expect(page.queries).toBeLessThanOrEqual(MAX_QUERY_CALLS_PER_PAGE);
  });
  it('stops a sparse filter over 10,000 payments at the call bound with a cursor, and the cursor finds the rest', async () => {
    const rare = seeded.get(merchantBulk.sub)!.find((payment) => payment.payerEmail === 'Rare.Bird9990@Example.com')!;
    const filters = { transactionId: rare.paymentId };
    const { pages } = await listAll(merchantBulk, filters, 25);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.queries).toBe(MAX_QUERY_CALLS_PER_PAGE);
    expect(pages[0]!.nextCursor).not.toBeNull();
    expectPagesMatch(pages, reference(merchantBulk.sub, filters), 25);
  });
  it("finds one payer's payments among 10,000 with one Query, as among a few (the byPayerEmail index)", async () => {
    const filters = { customerEmail: 'RARE.BIRD4000@example.com' };
    const page = await listPage(merchantBulk, filters, { limit: 25 });
    expect(page.payments.map((payment) => payment.payerEmail)).toEqual(['Rare.Bird4000@Example.com']);
    expect(page.nextCursor).toBeNull();
    expect(page.queries).toBe(1);
  });
  it('fills pages of a filter matching one in five, from all 10,000', async () => {
    const filters = { status: 'denied' as const, amountMin: '250' };
    const { pages } = await listAll(merchantBulk, filters, 100);
    expectPagesMatch(pages, reference(merchantBulk.sub, filters), 100);
  });
  it('exports all 10,000 payments to a file that parses back to the same payments', async () => {
    const { result, calls } = await paymentListQueries.during(() => exportCsv(merchantBulk, {}, AUCKLAND));
    const { text, pages } = result;
    expect(pages).toHaveLength(100);
    // Unfiltered pages ask DynamoDB for exactly what they need: one Query each.
    expect(calls).toBe(100);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...TRANSACTIONS_CSV_HEADER]);
    const expected = reference(merchantBulk.sub, {});
    expect(rows).toHaveLength(10_000);
    const byId = new Map(rows.map((row) => [row[1], row]));
    expect(byId.size).toBe(10_000);
    for (const payment of expected) expect(byId.get(payment.paymentId)).toEqual(expectedCells(payment, AUCKLAND));
  });
});
