/** dynalite (DynamoDB on one machine): on disk under `.data/` for `npm start`, in memory for tests. */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
  type AttributeDefinition,
  type AttributeValue,
  type CreateTableCommandInput,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { Server } from 'node:http';
import { TABLE_IDS, type TableId } from '@functions/function-spec';
import { tables, type KeySpec } from '../tables';
import { LOOPBACK, closeServer, listenOn } from './ports';

export interface LocalDynamo {
  endpoint: string;
  tableNames: Record<TableId, string>;
  stop(): Promise<void>;
}

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function keySchema(spec: KeySpec): KeySchemaElement[] {
  return [
    { AttributeName: spec.partitionKey.name, KeyType: 'HASH' },
    ...(spec.sortKey ? [{ AttributeName: spec.sortKey.name, KeyType: 'RANGE' as const }] : []),
  ];
}

function attributeDefinitions(table: TableId): AttributeDefinition[] {
  const spec = tables[table];
  const keys = [spec, ...(spec.indexes ?? [])].flatMap((key) => [key.partitionKey, key.sortKey ?? []].flat());
  const unique = new Map(keys.map((key) => [key.name, key.type]));
  return [...unique].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

/** The indexes as the spec has them, in a form DescribeTable's answer can be compared with. */
function indexShape(indexes: readonly { IndexName?: string; KeySchema?: unknown; Projection?: unknown }[]) {
  return JSON.stringify(
    [...indexes]
      .map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }))
      .sort((a, b) => String(a.IndexName).localeCompare(String(b.IndexName))),
  );
}

function indexesOf(table: TableId) {
  return (tables[table].indexes ?? []).map((index) => ({
    IndexName: index.name,
    KeySchema: keySchema(index),
    Projection: index.include
      ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.include] }
      : { ProjectionType: 'ALL' as const },
  }));
}

/**
 * A table kept in `.data/` from before its indexes changed: dynalite cannot add or change an index, so
 * the table is made again with the spec's indexes and its items written back (in DynamoDB, the stack's
 * update adds the index and backfills it).
 */
async function rebuildIfIndexesDiffer(client: DynamoDBClient, table: TableId, name: string): Promise<boolean> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const stored = (Table?.GlobalSecondaryIndexes ?? []).map((index) => ({
    IndexName: index.IndexName,
    KeySchema: index.KeySchema,
    Projection: {
      ProjectionType: index.Projection?.ProjectionType,
      ...(index.Projection?.NonKeyAttributes && { NonKeyAttributes: index.Projection.NonKeyAttributes }),
    },
  }));
  if (indexShape(stored) === indexShape(indexesOf(table))) return false;
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await client.send(new DeleteTableCommand({ TableName: name }));
  await waitUntilTableNotExists({ client, maxWaitTime: 30, minDelay: 0.05, maxDelay: 0.2 }, { TableName: name });
  await createTable(client, table, name);
  for (const item of items) await client.send(new PutItemCommand({ TableName: name, Item: item }));
  return true;
}

async function createTable(client: DynamoDBClient, table: TableId, name: string) {
  const spec = tables[table];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: keySchema(spec),
      AttributeDefinitions: attributeDefinitions(table),
      GlobalSecondaryIndexes: spec.indexes && indexesOf(table),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 0.05, maxDelay: 0.2 }, { TableName: name });
}

/**
 * Creates every table of infra/tables.ts that does not exist yet (so a second start reuses the data), and
 * remakes one whose indexes the spec has changed since.
 */
async function ensureTables(client: DynamoDBClient, tableNames: Record<TableId, string>) {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const table of TABLE_IDS) {
    const name = tableNames[table];
    if (existing.has(name)) {
      await rebuildIfIndexesDiffer(client, table, name);
      continue;
    }
    await createTable(client, table, name);
  }
}

/** `dataPath` undefined = in memory. */
export async function startLocalDynamo(options: {
  /** 0 = one the OS chooses (the endpoint says which). */
  port: number;
  dataPath?: string;
  maxItemSizeKb?: number;
  /**
   * The tables to create instead of infra/tables.ts's (the assembly runtime's, from the template's
   * `AWS::DynamoDB::Table`s); `tableNames` then still names infra/tables.ts's, which do not exist.
   */
  tables?: readonly CreateTableCommandInput[];
}): Promise<LocalDynamo> {
  const server: Server = dynalite({
    path: options.dataPath,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(options.maxItemSizeKb && { maxItemSizeKb: options.maxItemSizeKb }),
  });
  // As the gateway and the Stripe sandbox do: the client closes idle keep-alive sockets, never the server.
  // Node's 5 s server timeout let a busy SDK client send a request onto a socket dynalite was closing — a
  // "TimeoutError: read ECONNRESET" that failed a DynamoDB call under a loaded CI run.
  server.keepAliveTimeout = 0;
  const endpoint = `http://${LOOPBACK}:${await listenOn(server, options.port)}`;
  const tableNames = Object.fromEntries(TABLE_IDS.map((id) => [id, `paylink-${id}`])) as Record<TableId, string>;
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
  if (options.tables) {
    const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
    for (const table of options.tables.filter((input) => !existing.has(input.TableName!))) {
      await client.send(new CreateTableCommand(table));
    }
  } else {
    await ensureTables(client, tableNames);
  }
  client.destroy();
  return { endpoint, tableNames, stop: () => closeServer(server) };
}
