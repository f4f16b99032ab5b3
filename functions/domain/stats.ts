/**
 * Stats, exactly once, at any size (docs/architecture.md, "Stats and exactly-once counting"; docs/decisions.md #12, #18, #31).
 *
 * - A succeeded payment counts into the day it settled, in the merchant's time zone: item `D#yyyy-MM-dd`,
 *   guarded by the day's `counted` set of payment ids (settlement.ts does the counting).
 * - Sealing (the schedule): a closed day is rolled once into its month `M#yyyy-MM` and into the lifetime
 *   `ALL`, each guarded by the set of days it has already taken in (`rolledDays`); then the day drops its
 *   `counted` set. Day counters stay: the chart reads them.
 * - Reading: the lifetime and the two months, plus the day items since the first of last month; a day
 *   adds to an aggregate only when that aggregate's `rolledDays` lacks it, so a day is never counted twice
 *   whether it is unsealed, sealed, or half-way (rolled into its month but not yet into the lifetime).
 */
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@shared/brand';
import { REVENUE_CHART_DAYS, revenueGrowthPercent, type DashboardStats } from '@shared/contracts/stats';
import type { MerchantRepository } from './merchants';
import type { Telemetry } from './telemetry';
import { addDays, dayInTimeZone, previousMonth } from './merchant-days';
import { allShards, shardOf, type PaymentRecord, type PaymentRepository } from './payments';

export interface StatsCounters {
  /** Amount + tip, in cents: gross, before refunds. */
  revenueCents: number;
  tipCents: number;
  productFeeCents: number;
  succeededCount: number;
  /** Refunded (a refund that failed later is given back), in cents. */
  refundCents: number;
  refundCount: number;
  /** Amounts of disputes lost, in cents. */
  disputeLossCents: number;
}

/** Gross revenue less refunds and lost disputes (docs/decisions.md #18): what the dashboard calls revenue. */
export const netRevenueOf = (counters: StatsCounters) =>
  counters.revenueCents - counters.refundCents - counters.disputeLossCents;

/** What one refund, refund reversal or lost dispute adds to its day. */
export type MoneyMovement = Partial<Pick<StatsCounters, 'refundCents' | 'refundCount' | 'disputeLossCents'>>;

/** One merchant's day (`yyyy-MM-dd` in the merchant's time zone), as its item holds it. */
export interface DayTotals extends StatsCounters {
  merchantId: string;
  day: string;
  currency?: string;
  /** Set once the day has been rolled into its month and the lifetime. */
  sealedAt?: string;
}

/** A month or lifetime item: counters plus the days already rolled into them. */
export interface RolledTotals extends StatsCounters {
  rolledDays: ReadonlySet<string>;
}

/** What counting a payment into its day did. */
export type CountOutcome = 'counted' | 'already-counted' | 'day-sealed';

export interface StatsRepository {
  /** Adds a succeeded payment to its day (`yyyy-MM-dd`) unless the day counted it already or is sealed. */
  countSucceededPayment(payment: PaymentRecord, day: string): Promise<CountOutcome>;
  /**
   * Adds a refund, a refund's reversal or a lost dispute to the payment's merchant's day, once per
   * `countKey` (kept in the day's `counted` set beside payment ids), unless the day is sealed.
   */
  countMoneyMovement(
    payment: Pick<PaymentRecord, 'merchantId' | 'currency'>,
    day: string,
    countKey: string,
    movement: MoneyMovement,
  ): Promise<CountOutcome>;
  /**
   * Unsealed days of one `unsealed` shard up to `throughDay` (inclusive), oldest first, at most `limit`;
   * with `now`, only those due (a day whose sealing failed waits until its `sealRetryAt`), however many
   * are waiting ahead of them.
   */
  listUnsealedDays(
    shard: string,
    throughDay: string,
    limit: number,
    now?: Date,
  ): Promise<{ merchantId: string; day: string; sealAttempts?: number }[]>;
  /**
   * Merchants with an unsealed day of one `unsealed` shard from `fromDay` on, newest day first, at most
   * `limit` days read: who took payments lately, however many older days wait unsealed ahead of theirs.
   */
  listMerchantsWithDaysSince(shard: string, fromDay: string, limit: number): Promise<string[]>;
  /** Puts an unsealed day's next sealing attempt at `retryAt`, after `attempts` failures. */
  deferSeal(merchantId: string, day: string, attempts: number, retryAt: Date): Promise<void>;
  /** How many unsealed days have failed to seal `attempts` times or more (the stuck gauge). */
  countStuckSeals(attempts: number): Promise<number>;
  /** A day's counters, read consistently (never the index's copy, which may lag). */
  readDay(merchantId: string, day: string): Promise<DayTotals | undefined>;
  /** Adds the day's counters to the aggregate `period` (a month key or LIFETIME_KEY) unless it has them; true when added. */
  rollDayInto(period: string, day: DayTotals): Promise<boolean>;
  /** Marks the day sealed: drops its `counted` set and its `unsealed` index entry; counters stay. */
  markSealed(merchantId: string, day: string, now: Date): Promise<void>;
  /**
   * The aggregates named by `periods` and every day item from `fromDay` to `toDay` (inclusive), without
   * their `counted` sets. Two calls, whatever the merchant's history.
   */
  readOverview(
    merchantId: string,
    periods: readonly string[],
    fromDay: string,
    toDay: string,
  ): Promise<{ aggregates: ReadonlyMap<string, RolledTotals>; days: DayTotals[] }>;
}

/** Counts active links; the only stats figure that depends on the number of links rather than payments. */
export interface ActiveLinkCounter {
  /** Links switched on and not past their expiry at `now`. */
  countActive(merchantId: string, now: Date): Promise<number>;
}

export const LIFETIME_KEY = 'ALL';
export const dayKey = (day: string) => `D#${day}`;
export const monthKey = (month: string) => `M#${month}`;

/** Shards of the sparse `unsealed` index (by merchant, so one merchant's days share a shard). */
export const UNSEALED_SHARDS = 4;
export const unsealedShardOf = (merchantId: string) => shardOf('unsealed', merchantId, UNSEALED_SHARDS);
export const allUnsealedShards = () => allShards('unsealed', UNSEALED_SHARDS);

/** Every counter a stats item keeps; items written before refunds existed simply lack the newer ones. */
export const COUNTER_NAMES = [
  'revenueCents',
  'tipCents',
  'productFeeCents',
  'succeededCount',
  'refundCents',
  'refundCount',
  'disputeLossCents',
] as const satisfies readonly (keyof StatsCounters)[];

export const ZERO_COUNTERS: StatsCounters = countersOf(undefined);

export function addCounters(a: StatsCounters, b: StatsCounters): StatsCounters {
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, a[name] + b[name]])) as unknown as StatsCounters;
}

export function countersOf(item: Partial<StatsCounters> | undefined): StatsCounters {
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, item?.[name] ?? 0])) as unknown as StatsCounters;
}

/**
 * The last day the schedule may seal: two calendar days before today in UTC. Every time zone's day D has
 * ended by D+1 12:00 UTC (UTC−12), so at D+2 00:00 UTC it closed at least 12 hours ago — far longer than
 * any in-flight settlement that captured its clock during D could still be running. A day gains a count
 * only from a settlement whose clock said that day (or a crash it left `uncounted`, which the schedule
 * checks), so a sealed day never changes again.
 */
export function sealableThrough(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -2);
}

/** The days and periods one stats read needs, in the merchant's time zone. */
export interface StatsWindow {
  today: string;
  thisMonth: string;
  lastMonth: string;
  /** The chart's first day (REVENUE_CHART_DAYS days ending today). */
  chartFrom: string;
  /** The first day item to read: the earlier of the first of last month and the chart's first day. */
  fromDay: string;
}

export function statsWindow(now: Date, timeZone: string): StatsWindow {
  const today = dayInTimeZone(now, timeZone);
  const thisMonth = today.slice(0, 7);
  const lastMonth = previousMonth(thisMonth);
  const chartFrom = addDays(today, -(REVENUE_CHART_DAYS - 1));
  const firstOfLastMonth = `${lastMonth}-01`;
  return {
    today,
    thisMonth,
    lastMonth,
    chartFrom,
    fromDay: chartFrom < firstOfLastMonth ? chartFrom : firstOfLastMonth,
  };
}

export interface CombinedStats {
  lifetime: StatsCounters;
  thisMonth: StatsCounters;
  lastMonth: StatsCounters;
  revenueByDay: { day: string; revenueCents: number; payments: number; refundCents: number }[];
}

/**
 * The aggregates plus the days they have not taken in yet. Days before `window.fromDay` are not read: the
 * schedule seals a day two days after it ends, so an older unsealed day exists only while the schedule
 * has been failing for weeks — then the lifetime lags until it catches up, and never counts twice.
 */
export function combineStats(
  window: StatsWindow,
  aggregates: ReadonlyMap<string, RolledTotals>,
  days: readonly DayTotals[],
): CombinedStats {
  const withUnrolled = (period: string, inPeriod: (day: string) => boolean) => {
    const aggregate = aggregates.get(period);
    return days
      .filter((day) => inPeriod(day.day) && !aggregate?.rolledDays.has(day.day))
      .reduce<StatsCounters>((sum, day) => addCounters(sum, countersOf(day)), countersOf(aggregate));
  };
  const byDay = new Map(days.map((day) => [day.day, day]));
  const revenueByDay = Array.from({ length: REVENUE_CHART_DAYS }, (_, index) => {
    const day = addDays(window.chartFrom, index);
    const totals = countersOf(byDay.get(day));
    return {
      day,
      revenueCents: netRevenueOf(totals),
      payments: totals.succeededCount,
      refundCents: totals.refundCents + totals.disputeLossCents,
    };
  });
  return {
    lifetime: withUnrolled(LIFETIME_KEY, () => true),
    thisMonth: withUnrolled(monthKey(window.thisMonth), (day) => day.startsWith(`${window.thisMonth}-`)),
    lastMonth: withUnrolled(monthKey(window.lastMonth), (day) => day.startsWith(`${window.lastMonth}-`)),
    revenueByDay,
  };
}

export interface StatsReadDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  stats: Pick<StatsRepository, 'readOverview'>;
  payments: Pick<PaymentRepository, 'countPendingOfMerchant'>;
  links: ActiveLinkCounter;
  now: Date;
}

/**
 * GET /api/me/stats. DynamoDB calls, whatever the number of payments: 5 — in parallel the merchant
 * (GetItem), the pending count (Query COUNT on `pendingByMerchant`) and the active links (Query COUNT on
 * links `byMerchant`); then, in parallel, BatchGetItem of `ALL` and the two months, and one Query of the
 * day items since the first of last month (≤ 62 small items, one page). Only the two counts grow, with
 * pending payments and links (one more page per 1 MB of them), never with payment history.
 */
export async function dashboardStats(merchantId: string, deps: StatsReadDeps): Promise<DashboardStats> {
  const [merchant, pendingTransactions, activePaymentLinks] = await Promise.all([
    deps.merchants.get(merchantId),
    deps.payments.countPendingOfMerchant(merchantId),
    deps.links.countActive(merchantId, deps.now),
  ]);
  const window = statsWindow(deps.now, merchant?.timeZone ?? DEFAULT_TIME_ZONE);
  const periods = [LIFETIME_KEY, monthKey(window.thisMonth), monthKey(window.lastMonth)];
  const { aggregates, days } = await deps.stats.readOverview(merchantId, periods, window.fromDay, window.today);
  const combined = combineStats(window, aggregates, days);
  const completedTransactions = combined.lifetime.succeededCount;
  const thisMonthRevenue = netRevenueOf(combined.thisMonth);
  const lastMonthRevenue = netRevenueOf(combined.lastMonth);
  return {
    currency: merchant?.currency ?? DEFAULT_CURRENCY,
    totalTransactions: completedTransactions + pendingTransactions,
    totalRevenue: netRevenueOf(combined.lifetime),
    grossRevenue: combined.lifetime.revenueCents,
    totalRefunds: combined.lifetime.refundCents,
    totalDisputeLosses: combined.lifetime.disputeLossCents,
    pendingTransactions,
    completedTransactions,
    activePaymentLinks,
    thisMonthRevenue,
    lastMonthRevenue,
    thisMonthRefunds: combined.thisMonth.refundCents + combined.thisMonth.disputeLossCents,
    revenueGrowth: revenueGrowthPercent(thisMonthRevenue, lastMonthRevenue),
    revenueByDay: combined.revenueByDay,
  };
}

/**
 * Rolls one closed day into its month and the lifetime, then seals it. Each step is idempotent (the
 * `rolledDays` guards; sealing twice is harmless), so a crash anywhere is finished by the next run.
 */
export async function sealDay(
  merchantId: string,
  day: string,
  deps: { stats: StatsRepository; now: Date },
): Promise<boolean> {
  const totals = await deps.stats.readDay(merchantId, day);
  if (!totals || totals.sealedAt) return false;
  await deps.stats.rollDayInto(monthKey(day.slice(0, 7)), totals);
  await deps.stats.rollDayInto(LIFETIME_KEY, totals);
  await deps.stats.markSealed(merchantId, day, deps.now);
  return true;
}

/**
 * Seals the closed days the `unsealed` index lists as due (at most `limitPerShard` tried per shard a run).
 * A day in `holdDays` (`merchantId#day`) is one a payment still owes a count to, which must not close
 * before it lands: it is deferred as a failed seal is (its `sealRetryAt` set to the first retry's wait,
 * its `sealAttempts` unchanged, since nothing failed), and the shard is listed again past it — so however
 * many days are held, they never take the page from another merchant's day (docs/decisions.md
 * #128). A day that fails to seal gets its next attempt later than the last (`sealRetryAt`),
 * counted and logged, and the listing passes over it until then, so it never stands in front of the
 * others either. Answers how many days were sealed.
 */
export async function sealClosedDays(
  deps: { stats: StatsRepository; now: Date; telemetry: Pick<Telemetry, 'log' | 'countCountRetry'> },
  options: {
    holdDays: ReadonlySet<string>;
    limitPerShard: number;
    nextAttemptAt(now: Date, attempts: number): Date;
  },
): Promise<number> {
  const through = sealableThrough(deps.now);
  let sealed = 0;
  for (const shard of allUnsealedShards()) {
    let tried = 0;
    // A day whose deferral failed is listed again; it is passed over, and a listing of nothing new ends the shard.
    const seen = new Set<string>();
    while (tried < options.limitPerShard) {
      const asked = options.limitPerShard - tried;
      const listed = await deps.stats.listUnsealedDays(shard, through, asked, deps.now);
      const fresh = listed.filter(({ merchantId, day }) => !seen.has(`${merchantId}#${day}`));
      for (const listedDay of fresh) {
        const key = `${listedDay.merchantId}#${listedDay.day}`;
        seen.add(key);
        if (options.holdDays.has(key)) {
          await deferHeldDay(listedDay, deps, options.nextAttemptAt(deps.now, 1));
          continue;
        }
        tried++;
        if (await trySeal(listedDay, deps, options.nextAttemptAt)) sealed++;
      }
      if (listed.length < asked || fresh.length === 0) break;
    }
  }
  return sealed;
}

type ListedDay = { merchantId: string; day: string; sealAttempts?: number };
type SealDeps = Parameters<typeof sealClosedDays>[0];

/** A held day waits like a failed seal, without counting as one. */
async function deferHeldDay({ merchantId, day, sealAttempts }: ListedDay, deps: SealDeps, retryAt: Date) {
  await deps.stats
    .deferSeal(merchantId, day, sealAttempts ?? 0, retryAt)
    .catch((error: unknown) =>
      deps.telemetry.log.error('Deferring a held day failed', { merchantId, day, error: String(error) }),
    );
}

async function trySeal(
  { merchantId, day, sealAttempts }: ListedDay,
  deps: SealDeps,
  nextAttemptAt: (now: Date, attempts: number) => Date,
): Promise<boolean> {
  try {
    return await sealDay(merchantId, day, deps);
  } catch (error) {
    const attempts = (sealAttempts ?? 0) + 1;
    deps.telemetry.countCountRetry('seal', { merchantId, day });
    deps.telemetry.log.error('Sealing a day failed; it will be retried', {
      merchantId,
      day,
      attempts,
      error: String(error),
    });
    await deps.stats
      .deferSeal(merchantId, day, attempts, nextAttemptAt(deps.now, attempts))
      .catch((deferError: unknown) =>
        deps.telemetry.log.error('Deferring a failed seal failed', { merchantId, day, error: String(deferError) }),
      );
    return false;
  }
}
