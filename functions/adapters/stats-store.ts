/**
 * The stats table: day items `D#yyyy-MM-dd` (and, on a busy day, its overflow items `D#yyyy-MM-dd#<hex>`),
 * month items `M#yyyy-MM` and the lifetime item `ALL` per merchant (docs/architecture.md "Stats and
 * exactly-once counting"). Single conditional UpdateItems only: dynalite has no transactions, and none are
 * needed.
 */
import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  addCounters,
  allUnsealedShards,
  COUNTER_NAMES,
  countersOf,
  dayKey,
  unsealedShardOf,
  type CountOutcome,
  type DayTotals,
  type RolledTotals,
  type StatsCounters,
  type StatsRepository,
} from '../domain/stats';
import type { PaymentRecord } from '../domain/payments';
import { batchGetWithRetries, conditionally, countQuery, documentClient, queryAll, tableName } from './dynamo';

/**
 * Count keys one item's `counted` set may hold before the day's next counts spill into its overflow items.
 * Keys are Paylink payment ids (20 characters) and Stripe ids with a suffix (`re_…#reversed`, under 64), so
 * 4,000 keys stay far below DynamoDB's 400 KB item limit. `STATS_KEYS_PER_ITEM` lowers it where a test
 * lowers the local item size limit to reach it with a few hundred payments.
 */
export const KEYS_PER_ITEM = 4000;
const keysPerItem = () => Number(process.env.STATS_KEYS_PER_ITEM) || KEYS_PER_ITEM;
/** Hex digits of the key's hash: each overflow level splits a full item into 16. */
const MAX_LEVELS = 8;

/** Everything a stats read needs from an item — never a day's `counted` set, which may hold thousands of ids. */
const COUNTER_ATTRIBUTES = ['merchantId', '#day', ...COUNTER_NAMES];
const DAY_ATTRIBUTES = [...COUNTER_ATTRIBUTES, 'currency', 'sealedAt'].join(', ');
const AGGREGATE_ATTRIBUTES = [...COUNTER_ATTRIBUTES, 'rolledDays'].join(', ');

type StoredItem = Partial<StatsCounters> & {
  merchantId: string;
  day: string;
  currency?: string;
  sealedAt?: string;
  rolledDays?: Set<string>;
};

const plainDay = (key: string) => key.slice(2);

function dayTotalsOf(item: StoredItem): DayTotals {
  return {
    merchantId: item.merchantId,
    day: plainDay(item.day),
    ...countersOf(item),
    ...(item.currency && { currency: item.currency }),
    ...(item.sealedAt && { sealedAt: item.sealedAt }),
  };
}

export const statsStore: StatsRepository = {
  /** A succeeded payment: its id is its key in the day's `counted` set. */
  countSucceededPayment(payment, day) {
    return countOnce(payment, day, payment.paymentId, {
      revenueCents: payment.totalCents,
      tipCents: payment.tipCents,
      productFeeCents: payment.productFeeCents,
      succeededCount: 1,
    });
  },

  countMoneyMovement(payment, day, countKey, movement) {
    return countOnce(payment, day, countKey, movement);
  },

  async listUnsealedDays(shard, throughDay, limit, now) {
    const days: { merchantId: string; day: string; sealAttempts?: number }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      // Days waiting for a retry are filtered out page by page, so however many wait, the due ones are reached.
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('stats'),
          IndexName: 'unsealed',
          KeyConditionExpression: 'unsealedShard = :shard AND #day <= :through',
          ...(now && { FilterExpression: 'attribute_not_exists(sealRetryAt) OR sealRetryAt <= :now' }),
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: {
            ':shard': shard,
            ':through': dayKey(throughDay),
            ...(now && { ':now': now.toISOString() }),
          },
          ProjectionExpression: 'merchantId, #day, sealAttempts',
          Limit: limit - days.length,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        days.push({
          merchantId: item.merchantId as string,
          day: plainDay(item.day as string),
          ...(item.sealAttempts !== undefined && { sealAttempts: item.sealAttempts as number }),
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && days.length < limit);
    return days;
  },

  async listMerchantsWithDaysSince(shard, fromDay, limit) {
    const merchants = new Set<string>();
    let startKey: Record<string, unknown> | undefined;
    let read = 0;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('stats'),
          IndexName: 'unsealed',
          KeyConditionExpression: 'unsealedShard = :shard AND #day >= :from',
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: { ':shard': shard, ':from': dayKey(fromDay) },
          ProjectionExpression: 'merchantId',
          ScanIndexForward: false,
          Limit: limit - read,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) merchants.add(item.merchantId as string);
      read += page.Items?.length ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey && read < limit);
    return [...merchants];
  },
  async deferSeal(merchantId, day, attempts, retryAt) {
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('stats'),
          Key: { merchantId, day: dayKey(day) },
          UpdateExpression: 'SET sealAttempts = :attempts, sealRetryAt = :retryAt',
          ConditionExpression: 'attribute_exists(unsealedShard)',
          ExpressionAttributeValues: { ':attempts': attempts, ':retryAt': retryAt.toISOString() },
        }),
      ),
    );
  },

  async countStuckSeals(attempts) {
    let stuck = 0;
    for (const shard of allUnsealedShards()) {
      stuck += await countQuery({
        TableName: tableName('stats'),
        IndexName: 'unsealed',
        KeyConditionExpression: 'unsealedShard = :shard',
        FilterExpression: 'sealAttempts >= :attempts',
        ExpressionAttributeValues: { ':shard': shard, ':attempts': attempts },
      });
    }
    return stuck;
  },

  async readDay(merchantId, day) {
    // The day item and its overflow items, read consistently (the schedule's path: pages are no concern).
    const items = await queryAll<StoredItem>({
      TableName: tableName('stats'),
      KeyConditionExpression: 'merchantId = :merchantId AND begins_with(#day, :day)',
      ProjectionExpression: DAY_ATTRIBUTES,
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: { ':merchantId': merchantId, ':day': dayKey(day) },
      ConsistentRead: true,
    });
    return sumDays(items)[0];
  },

  async rollDayInto(period, day) {
    const rolled = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('stats'),
          Key: { merchantId: day.merchantId, day: period },
          UpdateExpression:
            `ADD ${COUNTER_NAMES.map((name) => `${name} :${name}`).join(', ')}, rolledDays :days` +
            (day.currency ? ' SET currency = :currency' : ''),
          ConditionExpression: 'attribute_not_exists(rolledDays) OR NOT contains(rolledDays, :day)',
          ExpressionAttributeValues: {
            ...Object.fromEntries(COUNTER_NAMES.map((name) => [`:${name}`, day[name]])),
            ':days': new Set([day.day]),
            ':day': day.day,
            ...(day.currency && { ':currency': day.currency }),
          },
        }),
      ),
    );
    return rolled !== undefined;
  },

  async markSealed(merchantId, day, now) {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('stats'),
        Key: { merchantId, day: dayKey(day) },
        UpdateExpression:
          'SET sealedAt = if_not_exists(sealedAt, :now) REMOVE counted, unsealedShard, sealAttempts, sealRetryAt',
        ConditionExpression: 'attribute_exists(merchantId)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  },

  async readOverview(merchantId, periods, fromDay, toDay) {
    const table = tableName('stats');
    // Two calls: the aggregates by key, and the day items of the window in one Query.
    const [aggregateItems, dayItems] = await Promise.all([
      batchGet(
        table,
        periods.map((period) => ({ merchantId, day: period })),
      ),
      queryDays(table, merchantId, fromDay, toDay),
    ]);
    const aggregates = new Map<string, RolledTotals>(
      aggregateItems.map((item) => [item.day, { ...countersOf(item), rolledDays: new Set(item.rolledDays ?? []) }]),
    );
    return { aggregates, days: dayItems };
  },
};

/**
 * The item of `day` that guards `countKey` at `level`: the day item itself at level 0, then one of 16, 256, …
 * overflow items picked by the first `level` hex digits of the key's SHA-256 — the same item for the same
 * key on every retry, so each key has exactly one place at each level where it can have been counted.
 */
export function guardItemDay(day: string, countKey: string, level: number): string {
  if (level === 0) return dayKey(day);
  return `${dayKey(day)}#${createHash('sha256').update(countKey).digest('hex').slice(0, level)}`;
}

/**
 * Counts something into its day exactly once, with no transaction: one conditional UpdateItem adds the
 * counters and the key (payment id, `re_…`, `re_…#reversed`, `<paymentId>#dispute-lost`) to an item's
 * `counted` set in the same write, and refuses a key already in that set. An item takes at most
 * `KEYS_PER_ITEM` keys; once full it never changes again, so a key it does not hold is sent one level down,
 * to the overflow item its hash picks, and so on. The day item also refuses every count once the day is
 * sealed (its set is gone then, so the set alone could not refuse). A refusal reads the refusing item once
 * to say why: already counted, sealed, or full.
 */
async function countOnce(
  payment: Pick<PaymentRecord, 'merchantId' | 'currency'>,
  day: string,
  countKey: string,
  adds: Partial<StatsCounters>,
): Promise<CountOutcome> {
  const added = Object.entries(adds).filter(([, value]) => value !== undefined && value !== 0);
  const cap = keysPerItem();
  for (let level = 0; level < MAX_LEVELS; level++) {
    const dayItem = level === 0;
    const key = { merchantId: payment.merchantId, day: guardItemDay(day, countKey, level) };
    const counted = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('stats'),
          Key: key,
          UpdateExpression:
            `ADD ${[...added.map(([name]) => `${name} :${name}`), 'counted :keys'].join(', ')} ` +
            `SET currency = :currency${dayItem ? ', unsealedShard = :shard' : ''}`,
          ConditionExpression:
            (dayItem ? 'attribute_not_exists(sealedAt) AND ' : '') +
            '(attribute_not_exists(counted) OR (NOT contains(counted, :key) AND size(counted) < :cap))',
          ExpressionAttributeValues: {
            ...Object.fromEntries(added.map(([name, value]) => [`:${name}`, value])),
            ':keys': new Set([countKey]),
            ':key': countKey,
            ':cap': cap,
            ':currency': payment.currency,
            ...(dayItem && { ':shard': unsealedShardOf(payment.merchantId) }),
          },
        }),
      ),
    );
    if (counted) return 'counted';
    // Refused: usually a redelivery of something counted. Only a refusal reads why.
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('stats'),
        Key: key,
        ProjectionExpression: 'sealedAt, counted',
        ConsistentRead: true,
      }),
    );
    if (Item?.sealedAt) return 'day-sealed';
    const keys = Item?.counted as Set<string> | undefined;
    if (!keys || keys.has(countKey)) return 'already-counted';
    // Full (a full item takes no key again): the key, if counted at all, was counted further down.
    if (keys.size < cap) throw new Error(`stats item ${key.day} refused ${countKey} without holding it or being full`);
  }
  throw new Error(`stats day ${day} of ${payment.merchantId} is full at every level`);
}

/** The plain day (`yyyy-MM-dd`) of a day item or of one of its overflow items. */
const dayOfItem = (key: string) => key.slice(2, 12);

/** One day's totals from its day item and its overflow items (each holds the counts of its own keys). */
function sumDays(items: readonly StoredItem[]): DayTotals[] {
  const byDay = new Map<string, DayTotals>();
  for (const item of items) {
    const day = dayOfItem(item.day);
    const sum = byDay.get(day);
    const totals = dayTotalsOf({ ...item, day: `D#${day}` });
    if (!sum) {
      byDay.set(day, totals);
      continue;
    }
    byDay.set(day, {
      ...sum,
      ...addCounters(sum, totals),
      ...((sum.currency ?? totals.currency) && { currency: sum.currency ?? totals.currency }),
      ...((sum.sealedAt ?? totals.sealedAt) && { sealedAt: sum.sealedAt ?? totals.sealedAt }),
    });
  }
  return [...byDay.values()];
}

/**
 * The window's day items (≤ 62, plus a busy day's overflow items) from the `counters` index, which carries
 * no `counted` set: DynamoDB's 1 MB page limit counts an item as the index holds it, so one page holds the
 * window however many ids the unsealed days guard.
 */
async function queryDays(table: string, merchantId: string, fromDay: string, toDay: string) {
  const items = await queryAll<StoredItem>({
    TableName: table,
    IndexName: 'counters',
    KeyConditionExpression: 'merchantId = :merchantId AND #day BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#day': 'day' },
    // `~` sorts after `#`: the last day's overflow items are in the range too.
    ExpressionAttributeValues: { ':merchantId': merchantId, ':from': dayKey(fromDay), ':to': `${dayKey(toDay)}~` },
    ProjectionExpression: DAY_ATTRIBUTES,
  });
  return sumDays(items);
}

/** A few days' aggregates, read together (dynamo.ts: unprocessed keys asked again, boundedly). */
function batchGet(table: string, keys: Record<string, string>[]): Promise<StoredItem[]> {
  return batchGetWithRetries<StoredItem>(table, keys, { projection: AGGREGATE_ATTRIBUTES, names: { '#day': 'day' } });
}
