import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
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
