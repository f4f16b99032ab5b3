/**
 * The assembly runtime's IAM gate, with the AWS SDK's own clients against the real local emulators
 * (dynalite, the local event bus, the SES mailbox): a function's call its role allows reaches the emulator;
 * one it does not is refused with the error AWS's SDK raises, and nothing is written.
 */
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDynamo, type LocalDynamo } from '@infra/local/dynamodb';
import { startLocalEventBus, type LocalEventBus } from '@infra/local/event-bus';
import { startIamGate, type IamGate } from '@infra/local/assembly/iam-gate';
import { startLocalMailbox, type LocalMailbox } from '@infra/local/mailbox';
import { LocalMeter } from '@infra/local/meter';

const REGION = 'local';
const ACCOUNT = '000000000000';
const arn = (service: string, resource: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${resource}`;
const ROLE = `arn:aws:iam::${ACCOUNT}:role/Paylink-test-ReaderRole`;

/** What the stack's grants look like once synthesized: one policy, its ARNs resolved. */
const READER_POLICY = {
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: arn('dynamodb', 'table/TableA') },
    // Query only through A's indexes, as `table/X/index/*` grants it.
    { Effect: 'Allow', Action: 'dynamodb:Query', Resource: `${arn('dynamodb', 'table/TableA')}/index/*` },
    {
      Effect: 'Allow',
      Action: 'events:PutEvents',
      Resource: arn('events', 'event-bus/paylink'),
      Condition: { StringEquals: { 'events:source': ['paylink.payments'] } },
    },
    { Effect: 'Allow', Action: ['ses:SendEmail', 'ses:SendRawEmail'], Resource: arn('ses', 'identity/example.com') },
  ],
};

const FUNCTION_CREDENTIALS = { accessKeyId: 'reader-function', secretAccessKey: 'local' };
/** The test's own admin calls: a key no function has, which the gate lets pass. */
const ADMIN_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

let dynamo: LocalDynamo;
let bus: LocalEventBus;
let mailbox: LocalMailbox;
let gate: IamGate;
const meter = new LocalMeter();
const logged: string[] = [];

function clients(credentials: typeof ADMIN_CREDENTIALS) {
  const options = { region: REGION, credentials };
  return {
    dynamodb: new DynamoDBClient({ ...options, endpoint: gate.endpoints.dynamodb }),
    events: new EventBridgeClient({ ...options, endpoint: gate.endpoints.eventbridge }),
    ses: new SESv2Client({ ...options, endpoint: gate.endpoints.sesv2 }),
  };
}

const key = (id: string) => ({ pk: { S: id } });

beforeAll(async () => {
  dynamo = await startLocalDynamo({ port: 0, tables: [] });
  bus = await startLocalEventBus({ port: 0, functions: [], meter });
  mailbox = await startLocalMailbox({ port: 0, meter });
  gate = await startIamGate({
    principals: [
      {
        accessKeyId: FUNCTION_CREDENTIALS.accessKeyId,
        roleArn: ROLE,
        policyDocuments: [READER_POLICY],
        functionName: 'reader',
      },
    ],
    upstreams: { dynamodb: dynamo.endpoint, eventbridge: bus.endpoint, sesv2: mailbox.url },
    region: REGION,
    accountId: ACCOUNT,
    log: (line) => logged.push(line),
  });
  const admin = clients(ADMIN_CREDENTIALS).dynamodb;
  for (const TableName of ['TableA', 'TableB']) {
    await admin.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'email', AttributeType: 'S' },
        ],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byEmail',
            KeySchema: [{ AttributeName: 'email', KeyType: 'HASH' }],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await admin.send(new PutItemCommand({ TableName, Item: { ...key('seeded'), email: { S: 'm@example.com' } } }));
  }
});

afterAll(async () => {
  await gate?.stop();
  await Promise.all([dynamo?.stop(), bus?.stop(), mailbox?.stop()]);
});

/** The error the SDK raised, or undefined when the call succeeded. */
async function errorOf(
  call: Promise<unknown>,
): Promise<(Error & { $metadata?: { httpStatusCode?: number } }) | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe('DynamoDB through the IAM gate', () => {
  it('lets the role read table A', async () => {
    const { Item } = await clients(FUNCTION_CREDENTIALS).dynamodb.send(
      new GetItemCommand({ TableName: 'TableA', Key: key('seeded') }),
    );
    expect(Item?.email?.S).toBe('m@example.com');
  });

  it('refuses a write to table A as AWS does, and nothing is written', async () => {
    const error = await errorOf(
      clients(FUNCTION_CREDENTIALS).dynamodb.send(new PutItemCommand({ TableName: 'TableA', Item: key('written') })),
    );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toBe(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/Paylink-test-ReaderRole/reader is not authorized to perform: dynamodb:PutItem on resource: ${arn('dynamodb', 'table/TableA')} because no identity-based policy allows the dynamodb:PutItem action`,
    );
    const { Item } = await clients(ADMIN_CREDENTIALS).dynamodb.send(
      new GetItemCommand({ TableName: 'TableA', Key: key('written') }),
    );
    expect(Item).toBeUndefined();
  });

  it('refuses a read of table B, which no statement names', async () => {
    const error = await errorOf(
      clients(FUNCTION_CREDENTIALS).dynamodb.send(new GetItemCommand({ TableName: 'TableB', Key: key('seeded') })),
    );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(`dynamodb:GetItem on resource: ${arn('dynamodb', 'table/TableB')}`);
  });

  it("allows a query on A's index by `table/TableA/index/*`, and refuses one on the table itself", async () => {
    const reader = clients(FUNCTION_CREDENTIALS).dynamodb;
    const byEmail = {
      KeyConditionExpression: 'email = :email',
      ExpressionAttributeValues: { ':email': { S: 'm@example.com' } },
    };
    const { Count } = await reader.send(new QueryCommand({ TableName: 'TableA', IndexName: 'byEmail', ...byEmail }));
    expect(Count).toBe(1);
    const onTable = await errorOf(
      reader.send(
        new QueryCommand({
          TableName: 'TableA',
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: 'seeded' } },
        }),
      ),
    );
    expect(onTable?.name).toBe('AccessDeniedException');
    const onB = await errorOf(reader.send(new QueryCommand({ TableName: 'TableB', IndexName: 'byEmail', ...byEmail })));
    expect(onB?.message).toContain(`on resource: ${arn('dynamodb', 'table/TableB')}/index/byEmail`);
  });

  it('judges each item of a transaction by its own action (ConditionCheckItem), refusing the whole transaction', async () => {
    const error = await errorOf(
      clients(FUNCTION_CREDENTIALS).dynamodb.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              ConditionCheck: { TableName: 'TableA', Key: key('seeded'), ConditionExpression: 'attribute_exists(pk)' },
            },
          ],
        }),
      ),
    );
    expect(error?.message).toContain('dynamodb:ConditionCheckItem on resource');
    expect(gate.denials.at(-1)).toMatchObject({
      accessKeyId: 'reader-function',
      action: 'dynamodb:ConditionCheckItem',
    });
  });
});

describe('EventBridge PutEvents through the IAM gate', () => {
  const entry = (Source: string) => ({ Source, DetailType: 'payment.settled', Detail: '{}', EventBusName: 'paylink' });

  it('puts an event whose source the condition allows, and refuses one whose source it does not (entry by entry)', async () => {
    const events = clients(FUNCTION_CREDENTIALS).events;
    const { reading: allowed } = await meter.during(() =>
      events.send(new PutEventsCommand({ Entries: [entry('paylink.payments')] })),
    );
    expect(allowed.busEvents).toEqual({ 'payment.settled': 1 });

    const { result, reading } = await meter.during(() =>
      events.send(new PutEventsCommand({ Entries: [entry('stripe.forged'), entry('paylink.payments')] })),
    );
    expect(result.FailedEntryCount).toBe(1);
    expect(result.Entries?.[0]).toMatchObject({ ErrorCode: 'NotAuthorizedForSourceException' });
    expect(result.Entries?.[1]?.EventId).toEqual(expect.any(String));
    expect(reading.busEvents).toEqual({ 'payment.settled': 1 });
  });

  it('refuses the whole call on a bus no statement names', async () => {
    const { result: error, reading } = await meter.during(() =>
      errorOf(
        clients(FUNCTION_CREDENTIALS).events.send(
          new PutEventsCommand({ Entries: [{ ...entry('paylink.payments'), EventBusName: 'other' }] }),
        ),
      ),
    );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(`events:PutEvents on resource: ${arn('events', 'event-bus/other')}`);
    expect(reading.busEvents).toEqual({});
  });
});

describe('SES v2 SendEmail through the IAM gate', () => {
  const email = (from: string) =>
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: ['payer@example.net'] },
      Content: { Simple: { Subject: { Data: 'Receipt' }, Body: { Text: { Data: 'Thanks' } } } },
    });

  it('sends from an address of the granted domain identity, and refuses another domain', async () => {
    const ses = clients(FUNCTION_CREDENTIALS).ses;
    const { reading: sent } = await meter.during(() => ses.send(email('Paylink <receipts@example.com>')));
    expect(sent.emailsSent).toBe(1);
    const { result: error, reading } = await meter.during(() => errorOf(ses.send(email('receipts@elsewhere.org'))));
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.$metadata?.httpStatusCode).toBe(403);
    expect(error?.message).toContain(`ses:SendEmail on resource: ${arn('ses', 'identity/receipts@elsewhere.org')}`);
    expect(reading.emailsSent).toBe(0);
  });
});

it('logs each refusal', () => {
  expect(logged.some((line) => line.startsWith('IAM refused: User: arn:aws:sts::'))).toBe(true);
});
