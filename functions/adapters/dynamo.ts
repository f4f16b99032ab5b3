import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableEnvName, type TableId } from '../catalog';

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
