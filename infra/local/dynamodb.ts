/** dynalite (DynamoDB on one machine): on disk under `.data/` for `npm start`, in memory for tests. */
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { Server } from 'node:http';
import { TABLE_IDS, type TableId } from '../../functions/catalog';
import { tables, type KeySpec } from '../tables';
import { LOOPBACK, closeServer } from './ports';

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

/** Creates every table of infra/tables.ts that does not exist yet (so a second start reuses the data). */
async function ensureTables(client: DynamoDBClient, tableNames: Record<TableId, string>) {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const table of TABLE_IDS) {
    const name = tableNames[table];
    if (existing.has(name)) continue;
    const spec = tables[table];
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: keySchema(spec),
        AttributeDefinitions: attributeDefinitions(table),
        GlobalSecondaryIndexes: spec.indexes?.map((index) => ({
          IndexName: index.name,
          KeySchema: keySchema(index),
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 0.05, maxDelay: 0.2 }, { TableName: name });
  }
}

/** `dataPath` undefined = in memory. */
export async function startLocalDynamo(options: { port: number; dataPath?: string }): Promise<LocalDynamo> {
  const server: Server = dynalite({ path: options.dataPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  const endpoint = `http://${LOOPBACK}:${options.port}`;
  const tableNames = Object.fromEntries(TABLE_IDS.map((id) => [id, `paylink-${id}`])) as Record<TableId, string>;
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
  await ensureTables(client, tableNames);
  client.destroy();
  return { endpoint, tableNames, stop: () => closeServer(server) };
}
