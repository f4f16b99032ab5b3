import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { catalog } from '@functions/catalog';
import { type FunctionSpec } from '@functions/function-spec';
import { PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED, realtimeMessageSchema } from '@shared/contracts/realtime';
import { received as scheduledEvents } from './fixtures/scheduled-probe';
import { submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestRuntime } from './harness';

const scheduledProbe: FunctionSpec = {
  name: 'scheduled-probe',
  description: 'test only',
  entry: 'tests/integration/fixtures/scheduled-probe.ts',
  schedule: { rateMinutes: 5 },
};

let env: TestRuntime;
let events: EventBridgeClient;
beforeAll(async () => {
  env = await bootLocalRuntime({ functions: [...catalog, scheduledProbe] });
  // The same client code a function uses: its endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE.
  events = new EventBridgeClient({});
});
afterAll(async () => {
  events?.destroy();
  await env?.stop();
});

function openSocket(token?: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  const url = new URL(env.runtime.gateway.realtimeUrl);
  if (token) url.searchParams.set('token', token);
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

async function connectionsOf(merchantId: string) {
  const { Items } = await env.documents.send(
    new QueryCommand({
      TableName: env.runtime.dynamo.tableNames.connections,
      IndexName: 'byMerchant',
      KeyConditionExpression: 'merchantId = :m',
      ExpressionAttributeValues: { ':m': merchantId },
    }),
  );
  return Items ?? [];
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('realtime socket', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(openSocket()).rejects.toThrow('refused: 401');
    await expect(openSocket('forged.token.value')).rejects.toThrow('refused: 401');
  });

  it('pushes a Payment Updated event to its merchant’s sockets only, through the bus rule', async () => {
    const owner = await env.createMerchant();
    const other = await env.createMerchant();
    const ownerSocket = await openSocket(owner.accessToken);
    const otherSocket = await openSocket(other.accessToken);
    await until(
      async () => (await connectionsOf(owner.sub)).length === 1 && (await connectionsOf(other.sub)).length === 1,
    );

    const detail = {
      merchantId: owner.sub,
      paymentId: 'pay_123',
      status: 'succeeded',
      totalCents: 550,
      currency: 'nzd',
    };
    const put = await events.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'paylink',
            Source: PAYLINK_EVENT_SOURCE,
            DetailType: PAYMENT_UPDATED,
            Detail: JSON.stringify(detail),
          },
        ],
      }),
    );
    expect(put.FailedEntryCount).toBe(0);
    await env.runtime.bus.settled();
    await until(() => ownerSocket.messages.length === 1);

    expect(realtimeMessageSchema.parse(ownerSocket.messages[0])).toEqual({ type: 'payment.updated', payment: detail });
    expect(otherSocket.messages).toEqual([]);
    expect(env.runtime.bus.deliveries.at(-1)).toMatchObject({ functionName: 'notify-merchant', ok: true });

    ownerSocket.socket.close();
    otherSocket.socket.close();
    await until(async () => (await connectionsOf(owner.sub)).length === 0);
  });

  it('tells every open tab of the merchant, and no one else, when Stripe connects them or changes their plan', async () => {
    const owner = await env.createMerchant();
    const other = await env.createMerchant();
    const tabs = [await openSocket(owner.accessToken), await openSocket(owner.accessToken)];
    const otherSocket = await openSocket(other.accessToken);
    await until(async () => (await connectionsOf(owner.sub)).length === 2);
    const merchantNews = (socket: { messages: unknown[] }) =>
      socket.messages
        .map((message) => realtimeMessageSchema.parse(message))
        .filter((m) => m.type === 'merchant.updated');

    // Onboarding finished on Stripe (in a third tab): account.updated → Merchant Updated → both tabs.
    await env.connectStripe(owner, 'complete');
    await until(() => tabs.every((tab) => merchantNews(tab).length > 0));
    for (const tab of tabs) {
      expect(merchantNews(tab)).toContainEqual({
        type: 'merchant.updated',
        merchant: { merchantId: owner.sub, change: 'stripe_connection' },
      });
    }

    // The upgrade paid on Stripe's Checkout: the subscription's events → 'plan'.
    const checkout = await env.api('/api/me/subscription/checkout', { method: 'POST', token: owner.accessToken });
    const { url } = (await checkout.json()) as { url: string };
    await submitHostedForm(url, { email: owner.email, name: 'Aroha Test', card_number: '4242424242424242' });
    await env.settle();
    await until(() => tabs.every((tab) => merchantNews(tab).some((m) => m.merchant.change === 'plan')));
    expect(merchantNews(otherSocket)).toEqual([]);
    for (const socket of [...tabs, otherSocket]) socket.socket.close();
  });

  it('closes a socket when the token that opened it expires: at the next push, or by the schedule', async () => {
    const owner = await env.createMerchant();
    const tokenExpiresAt = (
      JSON.parse(Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }
    ).exp;
    // One socket at a time, so each record is known to belong to its socket.
    const pushed = await openSocket(owner.accessToken);
    await until(async () => (await connectionsOf(owner.sub)).length === 1);
    const first = (await connectionsOf(owner.sub))[0] as { connectionId: string; expiresAt: number };
    const swept = await openSocket(owner.accessToken);
    await until(async () => (await connectionsOf(owner.sub)).length === 2);
    const second = (await connectionsOf(owner.sub)).find((record) => record.connectionId !== first.connectionId) as {
      connectionId: string;
      expiresAt: number;
    };
    expect([first.expiresAt, second.expiresAt]).toEqual([tokenExpiresAt, tokenExpiresAt]);
    const closed = (socket: WebSocket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const pushedClosed = closed(pushed.socket);
    const sweptClosed = closed(swept.socket);

    // The hour passes for the first socket: a push closes it instead of reaching it.
    const expire = (connectionId: string) =>
      env.documents.send(
        new UpdateCommand({
          TableName: env.runtime.dynamo.tableNames.connections,
          Key: { connectionId },
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
        }),
      );
    await expire(first.connectionId);
    await events.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'paylink',
            Source: PAYLINK_EVENT_SOURCE,
            DetailType: PAYMENT_UPDATED,
            Detail: JSON.stringify({
              merchantId: owner.sub,
              paymentId: 'pay_456',
              status: 'succeeded',
              totalCents: 550,
              currency: 'nzd',
            }),
          },
        ],
      }),
    );
    await env.runtime.bus.settled();
    await until(() => swept.messages.length === 1);
    await pushedClosed;
    expect(pushed.messages).toEqual([]);

    // And the other, once its hour passes, the schedule closes without waiting for a push.
    expect((await connectionsOf(owner.sub)).map((record) => record.connectionId)).toEqual([second.connectionId]);
    await expire(second.connectionId);
    await env.runtime.scheduler.runNow('close-expired-connections');
    await sweptClosed;
    expect(await connectionsOf(owner.sub)).toEqual([]);
  });

  it('does not deliver events of another source or detail type', async () => {
    const before = env.runtime.bus.deliveries.length;
    await events.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'paylink', Source: 'someone.else', DetailType: PAYMENT_UPDATED, Detail: '{}' },
          { EventBusName: 'paylink', Source: PAYLINK_EVENT_SOURCE, DetailType: 'Something Else', Detail: '{}' },
        ],
      }),
    );
    await env.runtime.bus.settled();
    expect(env.runtime.bus.deliveries.length).toBe(before);
  });
});

describe('scheduler', () => {
  it('knows the catalogue’s schedules and fires them with a Scheduled Event', async () => {
    const expected = [...catalog, scheduledProbe]
      .filter((fn) => fn.schedule)
      .map((fn) => ({ functionName: fn.name, rateMinutes: fn.schedule!.rateMinutes }));
    expect(expected).toContainEqual({ functionName: 'reverify-pending-payments', rateMinutes: 5 });
    expect(env.runtime.scheduler.schedules).toEqual(expected);
    await env.runtime.scheduler.runNow('scheduled-probe');
    expect(scheduledEvents.at(-1)).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event' });
  });
});
