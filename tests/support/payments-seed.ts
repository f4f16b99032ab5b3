/**
 * Payments seeded through the real repository, as checkout creates them and settlement moves them: the
 * integration tests and the bench start from rows the code itself wrote, never from counters written by hand.
 */
import { BatchWriteCommand, type BatchWriteCommandInput, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '@functions/adapters/dynamo';
import { linkPlacesStore } from '@functions/adapters/payment-link-store';
import { merchantStore } from '@functions/adapters/merchant-store';
import { moneyStore } from '@functions/adapters/money-store';
import { telemetry } from '@functions/adapters/observability';
import { paymentStore } from '@functions/adapters/payment-store';
import { paymentRequestStore } from '@functions/adapters/payment-request-store';
import { statsStore } from '@functions/adapters/stats-store';
import { STATUS_RANK } from '@functions/domain/payment-status';
import {
  newPaymentId,
  payerEmailKeyOf,
  pendingShardOf,
  uncountedShardOf,
  type PaymentRecord,
  type SettlementDetails,
} from '@functions/domain/payments';
import { isUnsettled } from '@functions/domain/payment-status';
import { countSettledPayment, settle, type SettlementDeps } from '@functions/domain/settlement';
import { sealableThrough, sealDay, unsealedShardOf, type StatsRepository } from '@functions/domain/stats';
import { PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import { shareOfCents } from '@shared/money';
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';
import type { TestRuntime } from '../integration/harness';

export interface PendingPaymentSeed {
  createdAt: Date | string;
  baseCents?: number;
  tipCents?: number;
  /** A random id as checkout makes one unless given. */
  paymentId?: string;
  /** By default a link that does not exist (deleted, as far as the payment's detail can tell). */
  linkId?: string;
  linkTitle?: string;
  stripeAccountId?: string;
}

/** A pending payment as checkout creates it (not yet stored). */
export function pendingPayment(merchantId: string, seed: PendingPaymentSeed): PaymentRecord {
  const paymentId = seed.paymentId ?? newPaymentId();
  const createdAt = new Date(seed.createdAt).toISOString();
  const baseCents = seed.baseCents ?? 1000;
  const tipCents = seed.tipCents ?? 0;
  const totalCents = baseCents + tipCents;
  return {
    paymentId,
    merchantId,
    linkId: seed.linkId ?? 'gonelink0001',
    linkTitle: seed.linkTitle ?? 'Flat white',
    linkDescription: null,
    stripeAccountId: seed.stripeAccountId ?? 'acct_seeded',
    currency: 'nzd',
    baseCents,
    tipCents,
    tipPercent: tipCents > 0 ? 10 : null,
    totalCents,
    productFeeCents: shareOfCents(totalCents, PRODUCT_FEE_BASIS_POINTS),
    status: 'pending',
    statusRank: STATUS_RANK.pending,
    receiptsSent: 0,
    createdAt,
    updatedAt: createdAt,
    pendingShard: pendingShardOf(paymentId),
    pendingSince: createdAt,
    reverifyAt: createdAt,
  };
}

/**
 * The real stores. Two shortcuts keep seeding 10,000 payments fast, neither touching what is counted: the
 * bus announcement is skipped (nothing listens to seeding), and each merchant is read once, not per payment.
 */
const merchantsOnce = new Map<string, ReturnType<typeof merchantStore.get>>();
const cachedMerchants: SettlementDeps['merchants'] = {
  ...merchantStore,
  get(merchantId) {
    if (!merchantsOnce.has(merchantId)) merchantsOnce.set(merchantId, merchantStore.get(merchantId));
    return merchantsOnce.get(merchantId)!;
  },
};

/** What `settle()` needs, as the runtime gives it, at the instant `now`. */
export function settlementDeps(
  env: Pick<TestRuntime, 'stripe'>,
  now: Date,
  stats: StatsRepository = statsStore,
): SettlementDeps {
  return {
    payments: paymentStore,
    places: linkPlacesStore,
    money: moneyStore,
    merchants: cachedMerchants,
    stats,
    stripe: env.stripe,
    announce: async () => {},
    requests: paymentRequestStore,
    telemetry,
    now,
  };
}

export interface SettledPaymentsSeed {
  merchantId: string;
  count: number;
  /** When payment `index` settles; it was created an hour before. */
  settledAt(index: number): Date;
  status?(index: number): PaymentStatus;
  /** What Stripe said about payment `index` (payer, intent…); nothing by default. */
  details?(index: number): SettlementDetails;
  /**
   * Seal each day once the seeding has moved two days past it, as the daily schedule would have by then
   * (`sealDay`, the schedule's own step). A long history then never holds more than a few days' `counted`
   * sets, as in production, instead of every day's at once. Needs `settledAt` to never go back with the index.
   */
  sealPassedDays?: boolean;
  /** Payments written at once (default 100). */
  concurrency?: number;
}

/** Seals the merchant's unsealed days through `throughDay` (`yyyy-MM-dd`), as the schedule does. */
async function sealDaysThrough(merchantId: string, throughDay: string) {
  const now = new Date();
  for (;;) {
    const listed = await statsStore.listUnsealedDays(unsealedShardOf(merchantId), throughDay, 100);
    const own = listed.filter((day) => day.merchantId === merchantId);
    for (const { day } of own) await sealDay(merchantId, day, { stats: statsStore, now });
    if (own.length === 0 || listed.length < 100) return;
  }
}

/** Payment `index` of a seed, pending: created an hour before `settledAt`, its amount varying with the index. */
function seededPending(merchantId: string, index: number, settledAt: Date): PaymentRecord {
  return pendingPayment(merchantId, {
    createdAt: new Date(settledAt.getTime() - 3_600_000),
    baseCents: 500 + (index % 97) * 13,
    tipCents: index % 3 ? 0 : 50,
  });
}

/**
 * Creates `count` payments through the repository and settles them with `settle()` (which counts the
 * succeeded ones into the stats), in parallel batches. Amounts vary with the index; every third has a tip.
 */
export async function seedSettledPayments(
  env: Pick<TestRuntime, 'stripe'>,
  {
    merchantId,
    count,
    settledAt,
    status = () => 'succeeded',
    details = () => ({}),
    sealPassedDays = false,
    concurrency = 100,
  }: SettledPaymentsSeed,
) {
  let sealedThrough = '';
  for (let start = 0; start < count; start += concurrency) {
    if (sealPassedDays) {
      // Any time zone's day for the instant is at most a day behind its UTC day: two back has closed everywhere.
      const through = [sealableThrough(settledAt(start)), sealableThrough(new Date())].sort()[0]!;
      if (through > sealedThrough) await sealDaysThrough(merchantId, (sealedThrough = through));
    }
    const indexes = Array.from({ length: Math.min(concurrency, count - start) }, (_, offset) => start + offset);
    await Promise.all(
      indexes.map(async (index) => {
        const at = settledAt(index);
        const payment = seededPending(merchantId, index, at);
        await paymentStore.create(payment);
        await settle(payment, status(index), details(index), settlementDeps(env, at));
      }),
    );
  }
  if (sealPassedDays) await sealDaysThrough(merchantId, sealableThrough(new Date()));
}

/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_WRITE_ITEMS = 25;

/**
 * Writes payments as the payment store's `create` puts them (with the `byPayerEmail` key of a payer's email),
 * 25 to a BatchWriteItem instead of one PutItem each. Every row must be a new payment id: a batch put has no
 * condition to refuse one already there.
 */
export async function batchPutPayments(rows: readonly PaymentRecord[]) {
  for (let start = 0; start < rows.length; start += BATCH_WRITE_ITEMS) {
    let requests: BatchWriteCommandInput['RequestItems'] = {
      [tableName('payments')]: rows.slice(start, start + BATCH_WRITE_ITEMS).map((payment) => ({
        PutRequest: {
          Item: {
            ...payment,
            ...(payment.payerEmail && { payerEmailKey: payerEmailKeyOf(payment.merchantId, payment.payerEmail) }),
          },
        },
      })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const answer: BatchWriteCommandOutput = await documentClient().send(
        new BatchWriteCommand({ RequestItems: requests }),
      );
      requests = answer.UnprocessedItems;
    }
  }
}

/**
 * The same payments as `seedSettledPayments` (amounts, instants, statuses, counted in the stats by the code),
 * at about a quarter of its DynamoDB calls, for a test that needs thousands (docs/decisions.md #72). Each row
 * is written as the settling write (`advance`) leaves it — settled, and a succeeded one still marked
 * `uncounted`, as a crash right after that write leaves it — 25 to a BatchWriteItem; then each succeeded one
 * is counted by `countSettledPayment`, the count that settlement and the schedule's repair run (its day's
 * counters and `counted` set, then the mark removed). Skipped, as nothing read from the stats depends on
 * them: the link's place (the seeded link does not exist), the receipt number and the live update.
 */
export async function seedSettledPaymentsInBulk(
  env: Pick<TestRuntime, 'stripe'>,
  { merchantId, count, settledAt, status = () => 'succeeded', concurrency = 100 }: SettledPaymentsSeed,
) {
  const rows = Array.from({ length: count }, (_, index): PaymentRecord => {
    const at = settledAt(index);
    const settledStatus = status(index);
    if (isUnsettled(settledStatus)) throw new Error(`a bulk seed only writes settled payments, not ${settledStatus}`);
    const {
      pendingShard: _shard,
      pendingSince: _since,
      reverifyAt: _reverifyAt,
      ...pending
    } = seededPending(merchantId, index, at);
    return {
      ...pending,
      status: settledStatus,
      statusRank: STATUS_RANK[settledStatus],
      updatedAt: at.toISOString(),
      settledAt: at.toISOString(),
      ...(settledStatus === 'succeeded' && {
        uncountedShard: uncountedShardOf(pending.paymentId),
        uncountedSince: at.toISOString(),
      }),
    };
  });
  await batchPutPayments(rows);
  const succeeded = rows.filter((row) => row.status === 'succeeded');
  for (let start = 0; start < succeeded.length; start += concurrency) {
    await Promise.all(
      succeeded
        .slice(start, start + concurrency)
        .map((row) => countSettledPayment(row, settlementDeps(env, new Date(row.settledAt!)))),
    );
  }
}
