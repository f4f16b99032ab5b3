/**
 * The `payouts` table: per merchant, each payout's item (`P#<payoutId>`), its lines in chunks beside it
 * (`P#<payoutId>#L#0000`…, so a busy day's thousands of lines never meet DynamoDB's 400 KB item limit),
 * and the merchant's catch-up watch item (`WATCH`). docs/decisions.md #56.
 */
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PAYOUT_STATUS_RANK, type PayoutLine, type PayoutSummary } from '@shared/contracts/payouts';
import type { PayoutRecord, PayoutRepository } from '../domain/payouts';
import { HttpError } from '../domain/http-error';
import { conditionally, documentClient, tableName } from './dynamo';

const LINES_PER_ITEM = 300;
const WATCH_KEY = 'WATCH';
const payoutKey = (payoutId: string) => `P#${payoutId}`;
const chunkKey = (payoutId: string, chunk: number) => `P#${payoutId}#L#${String(chunk).padStart(4, '0')}`;

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
    const lines: PayoutLine[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('payouts'),
          KeyConditionExpression: 'merchantId = :merchantId AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':merchantId': merchantId, ':prefix': `${payoutKey(payoutId)}#L#` },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const chunk of page.Items ?? []) lines.push(...(chunk.lines as PayoutLine[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return {
      ...summaryOf(Item),
      merchantId,
      stripeAccountId: Item.stripeAccountId as string,
      updatedAt: Item.updatedAt as string,
      lines,
    };
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

  async record(payout: PayoutRecord) {
    const { lines, ...header } = payout;
    // The lines first: whoever finds the payout's item finds all its lines. Rewriting them is harmless
    // (the same lines from the same payout), so a crash between the two writes is finished by a retry.
    const chunks: Record<string, unknown>[] = [];
    for (let start = 0, chunk = 0; start < lines.length || chunk === 0; start += LINES_PER_ITEM, chunk++) {
      chunks.push({
        merchantId: payout.merchantId,
        sk: chunkKey(payout.payoutId, chunk),
        lines: lines.slice(start, start + LINES_PER_ITEM),
      });
    }
    await writeAll(chunks);
    const written = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payouts'),
          Key: { merchantId: payout.merchantId, sk: payoutKey(payout.payoutId) },
          UpdateExpression:
            'SET payoutId = :payoutId, stripeAccountId = :account, #status = :status, statusRank = :rank, ' +
            'amountCents = :amount, currency = :currency, createdAt = :createdAt, arrivalDate = :arrival, ' +
            'arrivalKey = :arrivalKey, failureMessage = :failure, lineCount = :lineCount, updatedAt = :updatedAt',
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
            ':updatedAt': header.updatedAt,
          },
        }),
      ),
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
