import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { type TableId } from '../function-spec';
import { tableEnvName } from '../environment';

let client: DynamoDBDocumentClient | undefined;

/** One document client per process. Its endpoint comes from the standard AWS SDK environment. */
export function documentClient(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

/** The deployed name of a table, as the stack or the local runtime put it in the environment. */
export function tableName(table: TableId): string {
  const name = process.env[tableEnvName(table)];
  if (!name) throw new Error(`${tableEnvName(table)} is not set: this function did not declare the ${table} table`);
  return name;
}

/** The write's output, or `undefined` when its ConditionExpression refused it; any other failure throws. */
export async function conditionally<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * DynamoDB refused the request for throughput (after the SDK's own retries): a hot item past its
 * partition's 1,000 write units a second, or the table's or account's limit. Nothing was written.
 */
export function isThrottled(error: unknown): boolean {
  const name = (error as { name?: unknown } | undefined)?.name;
  return (
    name === 'ProvisionedThroughputExceededException' ||
    name === 'ThrottlingException' ||
    name === 'RequestLimitExceeded'
  );
}

/** How many items a query matches. Select COUNT returns no items: one call per 1 MB read. */
export async function countQuery(query: Omit<QueryCommandInput, 'Select' | 'ExclusiveStartKey'>): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({ ...query, Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Every item a query matches, page after page (one call per 1 MB read), in the query's order. */
export async function queryAll<T>(query: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...query, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Retries of the keys DynamoDB leaves unprocessed (throttling), and the longest wait before one. */
export const BATCH_GET_RETRIES = { attempts: 4, baseMs: 25, capMs: 400 } as const;

/**
 * BatchGetItem of up to 100 keys of one table, consistently read; DynamoDB may leave keys unprocessed when
 * throttled, so those are asked again a bounded number of times, after a full-jitter backoff (a random wait up
 * to 25, 50, 100, 200 ms, never more than 400), then the read fails rather than wait on: a request has 29
 * seconds, and a throttled table is better answered with an error that is retried than with a call that hangs.
 */
export async function batchGetWithRetries<T>(
  table: string,
  keys: readonly Record<string, unknown>[],
  read: { projection: string; names?: Record<string, string> },
): Promise<T[]> {
  const items: T[] = [];
  let pending: Record<string, unknown>[] | undefined = [...keys];
  for (let attempt = 0; pending?.length; attempt++) {
    if (attempt > BATCH_GET_RETRIES.attempts) {
      throw new Error(`DynamoDB left ${pending.length} keys of ${table} unprocessed after ${attempt} attempts`);
    }
    if (attempt > 0) {
      const ceiling = Math.min(BATCH_GET_RETRIES.capMs, BATCH_GET_RETRIES.baseMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
    const answer: BatchGetCommandOutput = await documentClient().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: pending,
            ConsistentRead: true,
            ProjectionExpression: read.projection,
            ...(read.names && { ExpressionAttributeNames: read.names }),
          },
        },
      }),
    );
    items.push(...((answer.Responses?.[table] ?? []) as T[]));
    pending = answer.UnprocessedKeys?.[table]?.Keys;
  }
  return items;
}
