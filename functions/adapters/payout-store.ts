/**
 * The `payouts` table: per merchant, each payout's item (`P#<payoutId>`), its lines in chunks beside it
 * (`P#<payoutId>#L#…`, so a busy day's thousands of lines never meet DynamoDB's 400 KB item limit), the
 * progress of a recording not finished (`P#<payoutId>#R`), and the merchant's catch-up watch item
 * (`WATCH`). docs/decisions.md #56, #129.
 *
 * Chunk keys sort in reading order (oldest line first). A recording writes its newest lines first (Stripe
 * lists newest first), so the chunk it writes n-th is `L#` and 999999 − n: each later chunk sorts before
 * the ones written before it. Payouts recorded before that kept `L#0000`, `L#0001`… in reading order too.
 * A line added to make the lines add up is `L#~`, after all of them.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { PAYOUT_STATUS_RANK, type PayoutLine, type PayoutSummary } from '@shared/contracts/payouts';
import type { PayoutProgress, PayoutRecord, PayoutRepository } from '../domain/payouts';
import { HttpError } from '../domain/http-error';
import { conditionally, documentClient, tableName } from './dynamo';

const WATCH_KEY = 'WATCH';
const LAST_CHUNK = 999_999;
const payoutKey = (payoutId: string) => `P#${payoutId}`;
const linesPrefix = (payoutId: string) => `P#${payoutId}#L#`;
const chunkKey = (payoutId: string, written: number) =>
  `${linesPrefix(payoutId)}${String(LAST_CHUNK - written).padStart(6, '0')}`;
const adjustmentKey = (payoutId: string) => `${linesPrefix(payoutId)}~`;
const progressKey = (payoutId: string) => `P#${payoutId}#R`;
/** Chunk items read per Query while paging lines (each holds at most a few hundred lines). */
const CHUNKS_PER_READ = 4;

function summaryOf(item: Record<string, unknown>): PayoutSummary {
  return {
    payoutId: item.payoutId as string,
    status: item.status as PayoutSummary['status'],
    amountCents: item.amountCents as number,
    currency: item.currency as string,
    createdAt: item.createdAt as string,
    arrivalDate: item.arrivalDate as string,
    failureMessage: (item.failureMessage as string | null | undefined) ?? null,
    lineCount: item.lineCount as number,
  };
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

/** The `byArrival` index's key: the table's keys and the arrival key, each a non-empty string of its shape. */
const PAYOUT_CURSOR_KEYS = { merchantId: /^.+$/, sk: /^P#[\w-]+$/, arrivalKey: /^\d{4}-\d{2}-\d{2}#[\w-]+$/ };

const invalidCursor = () =>
  new HttpError(400, 'invalid_cursor', 'This page of payouts is out of date. Reload the list.', {
    cursor: 'Reload the list.',
  });

/**
 * The cursor as `encodeCursor` wrote it, or a 400: exactly the index key's three strings, in the merchant's
 * own partition. Anything else (forged, garbled, a key of the wrong type) never reaches DynamoDB, whose
 * refusal of a malformed start key would be a 5xx.
 */
function decodeCursor(cursor: string | undefined, merchantId: string): Record<string, string> | undefined {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const isIndexKey =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    Object.keys(key).length === Object.keys(PAYOUT_CURSOR_KEYS).length &&
    Object.entries(PAYOUT_CURSOR_KEYS).every(([name, shape]) => {
      const value = (key as Record<string, unknown>)[name];
      return typeof value === 'string' && shape.test(value);
    });
  if (!isIndexKey || (key as Record<string, string>).merchantId !== merchantId) throw invalidCursor();
  return key as Record<string, string>;
}

async function writeAll(items: Record<string, unknown>[]) {
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('payout lines: DynamoDB left writes unprocessed');
      const result = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [tableName('payouts')]: requests } }),
      );
      requests = (result.UnprocessedItems?.[tableName('payouts')] ?? []) as typeof requests;
    }
  }
}

export const payoutStore: PayoutRepository = {
  async get(merchantId, payoutId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('payouts'), Key: { merchantId, sk: payoutKey(payoutId) } }),
    );
    if (!Item) return undefined;
    return {
      ...summaryOf(Item),
      merchantId,
      stripeAccountId: Item.stripeAccountId as string,
      updatedAt: Item.updatedAt as string,
      ...(typeof Item.linesTotalCents === 'number' && { linesTotalCents: Item.linesTotalCents }),
    };
  },

  async readLines(merchantId, payoutId, from, limit) {
    const prefix = linesPrefix(payoutId);
    const lines: PayoutLine[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('payouts'),
          // From the cursor's chunk (the prefix itself sorts before every chunk) to the adjustment line.
          KeyConditionExpression: 'merchantId = :merchantId AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':merchantId': merchantId,
            ':from': `${prefix}${from.chunk ?? ''}`,
            ':to': `${prefix}~`,
          },
          Limit: CHUNKS_PER_READ,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const chunk = (item.sk as string).slice(prefix.length);
        const held = item.lines as PayoutLine[];
        const start = chunk === from.chunk ? from.offset : 0;
        if (start >= held.length) continue;
        if (lines.length === limit) return { lines, next: { chunk, offset: start } };
        const taken = held.slice(start, start + limit - lines.length);
        lines.push(...taken);
        if (start + taken.length < held.length) return { lines, next: { chunk, offset: start + taken.length } };
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return { lines, next: null };
  },

  async progressOf(merchantId, payoutId) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('payouts'),
        Key: { merchantId, sk: progressKey(payoutId) },
        ConsistentRead: true,
      }),
    );
    return Item ? (Item.progress as PayoutProgress) : undefined;
  },

  async saveLines(merchantId, payoutId, chunks, progress) {
    // The lines first: progress never names a line not written. Writing a chunk again (a try that stopped
    // between the two writes) puts the same lines under the same key.
    await writeAll(chunks.map((chunk) => ({ merchantId, sk: chunkKey(payoutId, chunk.number), lines: chunk.lines })));
    await documentClient().send(
      new PutCommand({ TableName: tableName('payouts'), Item: { merchantId, sk: progressKey(payoutId), progress } }),
    );
  },

  async statusOf(merchantId, payoutId) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('payouts'),
        Key: { merchantId, sk: payoutKey(payoutId) },
        ProjectionExpression: '#status',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
    return (Item?.status as PayoutRecord['status'] | undefined) ?? null;
  },

  async record(payout: PayoutRecord, adjustment: PayoutLine | null) {
    const header = payout;
    // Every line is written before the payout's item: whoever finds the item finds all its lines.
    if (adjustment) {
      await writeAll([{ merchantId: payout.merchantId, sk: adjustmentKey(payout.payoutId), lines: [adjustment] }]);
    }
    const written = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payouts'),
          Key: { merchantId: payout.merchantId, sk: payoutKey(payout.payoutId) },
          UpdateExpression:
            'SET payoutId = :payoutId, stripeAccountId = :account, #status = :status, statusRank = :rank, ' +
            'amountCents = :amount, currency = :currency, createdAt = :createdAt, arrivalDate = :arrival, ' +
            'arrivalKey = :arrivalKey, failureMessage = :failure, lineCount = :lineCount, ' +
            'linesTotalCents = :linesTotal, updatedAt = :updatedAt',
          ConditionExpression: 'attribute_not_exists(sk) OR statusRank < :rank',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':payoutId': header.payoutId,
            ':account': header.stripeAccountId,
            ':status': header.status,
            ':rank': PAYOUT_STATUS_RANK[header.status],
            ':amount': header.amountCents,
            ':currency': header.currency,
            ':createdAt': header.createdAt,
            ':arrival': header.arrivalDate,
            // Sorts by arrival, then id, so two payouts of one day both list.
            ':arrivalKey': `${header.arrivalDate}#${header.payoutId}`,
            ':failure': header.failureMessage,
            ':lineCount': header.lineCount,
            ':linesTotal': header.linesTotalCents ?? null,
            ':updatedAt': header.updatedAt,
          },
        }),
      ),
    );
    // The recording is finished (by this try or an earlier one): its progress is no longer needed.
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName('payouts'),
        Key: { merchantId: payout.merchantId, sk: progressKey(payout.payoutId) },
      }),
    );
    return written !== undefined;
  },

  async advance(merchantId, payoutId, status, failureMessage, now) {
    const written = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payouts'),
          Key: { merchantId, sk: payoutKey(payoutId) },
          UpdateExpression: 'SET #status = :status, statusRank = :rank, failureMessage = :failure, updatedAt = :now',
          ConditionExpression: 'attribute_exists(sk) AND statusRank < :rank',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':rank': PAYOUT_STATUS_RANK[status],
            ':failure': failureMessage,
            ':now': now,
          },
        }),
      ),
    );
    return written !== undefined;
  },

  async list(merchantId, query) {
    const from = query.from ?? '0000-00-00';
    // `~` sorts after every character of an ISO time and a payout id: the whole `to` day is included.
    const to = `${query.to ?? '9999-12-31'}~`;
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('payouts'),
        IndexName: 'byArrival',
        KeyConditionExpression: 'merchantId = :merchantId AND arrivalKey BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':merchantId': merchantId, ':from': from, ':to': to },
        ScanIndexForward: false,
        Limit: query.limit,
        ExclusiveStartKey: decodeCursor(query.cursor, merchantId),
      }),
    );
    return { payouts: (page.Items ?? []).map(summaryOf), nextCursor: encodeCursor(page.LastEvaluatedKey) };
  },

  async watch(merchantId, watchUntil, shard) {
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payouts'),
          Key: { merchantId, sk: WATCH_KEY },
          UpdateExpression:
            'SET watchUntil = :until, watchShard = :shard, nextCheckAt = if_not_exists(nextCheckAt, :now)',
          ConditionExpression: 'attribute_not_exists(watchUntil) OR watchUntil < :until',
          ExpressionAttributeValues: { ':until': watchUntil, ':shard': shard, ':now': new Date(0).toISOString() },
        }),
      ),
    );
  },

  async listDueWatches(shard, now, limit) {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('payouts'),
        IndexName: 'watchDue',
        KeyConditionExpression: 'watchShard = :shard AND nextCheckAt <= :now',
        ExpressionAttributeValues: { ':shard': shard, ':now': now },
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map((item) => ({
      merchantId: item.merchantId as string,
      watchUntil: item.watchUntil as string,
      nextCheckAt: item.nextCheckAt as string,
    }));
  },

  async rescheduleWatch(merchantId, nextCheckAt) {
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payouts'),
          Key: { merchantId, sk: WATCH_KEY },
          UpdateExpression: 'SET nextCheckAt = :next',
          ConditionExpression: 'attribute_exists(watchUntil)',
          ExpressionAttributeValues: { ':next': nextCheckAt },
        }),
      ),
    );
  },

  async unwatch(merchantId, ifUntil) {
    // Only if no payment extended the watch meanwhile.
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payouts'),
          Key: { merchantId, sk: WATCH_KEY },
          UpdateExpression: 'REMOVE watchShard, nextCheckAt',
          ConditionExpression: 'watchUntil = :until',
          ExpressionAttributeValues: { ':until': ifUntil },
        }),
      ),
    );
  },
};
