/**
 * The stats table: day items `D#yyyy-MM-dd`, month items `M#yyyy-MM` and the lifetime item `ALL` per
 * merchant (ARCHITECTURE.md "Stats, exactly once, at any size"). Single conditional UpdateItems only:
 * dynalite has no transactions, and none are needed.
 */
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import {
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
import { conditionally, documentClient, tableName } from './dynamo';

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

  async listUnsealedDays(shard, throughDay, limit) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('stats'),
        IndexName: 'unsealed',
        KeyConditionExpression: 'unsealedShard = :shard AND #day <= :through',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':shard': shard, ':through': dayKey(throughDay) },
        ProjectionExpression: 'merchantId, #day',
        Limit: limit,
      }),
    );
    return (Items ?? []).map((item) => ({ merchantId: item.merchantId as string, day: plainDay(item.day as string) }));
  },

  async readDay(merchantId, day) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('stats'),
        Key: { merchantId, day: dayKey(day) },
        ProjectionExpression: DAY_ATTRIBUTES,
        ExpressionAttributeNames: { '#day': 'day' },
        ConsistentRead: true,
      }),
    );
    return Item && dayTotalsOf(Item as StoredItem);
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
        UpdateExpression: 'SET sealedAt = if_not_exists(sealedAt, :now) REMOVE counted, unsealedShard',
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
    return { aggregates, days: dayItems.map(dayTotalsOf) };
  },
};

/**
 * One conditional UpdateItem counts something into its day exactly once, with no transaction: the day keeps
 * the set of keys it has counted (payment ids, `re_…`, `re_…#reversed`, `dp_…#lost`) and the condition
 * refuses a key already in it — or any count once the day is sealed (its set is gone then, so the set alone
 * could not refuse).
 */
async function countOnce(
  payment: Pick<PaymentRecord, 'merchantId' | 'currency'>,
  day: string,
  countKey: string,
  adds: Partial<StatsCounters>,
): Promise<CountOutcome> {
  const added = Object.entries(adds).filter(([, value]) => value !== undefined && value !== 0);
  const key = { merchantId: payment.merchantId, day: dayKey(day) };
  const counted = await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('stats'),
        Key: key,
        UpdateExpression:
          `ADD ${[...added.map(([name]) => `${name} :${name}`), 'counted :keys'].join(', ')} ` +
          'SET currency = :currency, unsealedShard = :shard',
        ConditionExpression:
          'attribute_not_exists(sealedAt) AND (attribute_not_exists(counted) OR NOT contains(counted, :key))',
        ExpressionAttributeValues: {
          ...Object.fromEntries(added.map(([name, value]) => [`:${name}`, value])),
          ':keys': new Set([countKey]),
          ':key': countKey,
          ':currency': payment.currency,
          ':shard': unsealedShardOf(payment.merchantId),
        },
      }),
    ),
  );
  if (counted) return 'counted';
  // Refused: usually a redelivery of something counted. Only the rare refusal reads why.
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName('stats'), Key: key, ProjectionExpression: 'sealedAt', ConsistentRead: true }),
  );
  return Item?.sealedAt ? 'day-sealed' : 'already-counted';
}

/**
 * The window's day items (≤ 62) without their `counted` sets. One page: DynamoDB's 1 MB page limit counts
 * items before projection, and only the two or three unsealed days still carry a `counted` set (sealing
 * drops it), so a second page needs tens of thousands of payments in those few days.
 */
async function queryDays(table: string, merchantId: string, fromDay: string, toDay: string) {
  const items: StoredItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'merchantId = :merchantId AND #day BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':merchantId': merchantId, ':from': dayKey(fromDay), ':to': dayKey(toDay) },
        ProjectionExpression: DAY_ATTRIBUTES,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as StoredItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** BatchGetItem of a few keys; a retry only if DynamoDB leaves keys unprocessed (throttling). */
async function batchGet(table: string, keys: Record<string, string>[]): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let pending: Record<string, unknown>[] | undefined = keys;
  for (let attempt = 0; pending?.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const answer: BatchGetCommandOutput = await documentClient().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: pending,
            ConsistentRead: true,
            ProjectionExpression: AGGREGATE_ATTRIBUTES,
            ExpressionAttributeNames: { '#day': 'day' },
          },
        },
      }),
    );
    items.push(...((answer.Responses?.[table] ?? []) as StoredItem[]));
    pending = answer.UnprocessedKeys?.[table]?.Keys;
  }
  return items;
}
