/**
 * A payer signs up to a weekly link on the sandbox's Checkout (subscription mode, docs/decisions.md #150), as
 * the browser story does. Once every event is applied the subscriber shows the name and email typed on Checkout
 * and one payment made, and the merchant's open tab was told of the subscriber after its period was counted
 * (#190): the payment's own push comes before, and a screen that refetched on it alone kept 0 payments.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeMessageSchema, type RealtimeMessage } from '@shared/contracts/realtime';
import { subscriberListSchema } from '@shared/contracts/subscribers';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** The merchant's dashboard tab: its realtime socket, and every message pushed to it. */
async function openTab(token: string): Promise<{ socket: WebSocket; messages: RealtimeMessage[] }> {
  const url = new URL(env.runtime.gateway.realtimeUrl);
  url.searchParams.set('token', token);
  const socket = new WebSocket(url);
  const messages: RealtimeMessage[] = [];
  socket.on('message', (data) => messages.push(realtimeMessageSchema.parse(JSON.parse(data.toString()))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  for (;;) {
    const { Items } = await env.documents.send(
      new QueryCommand({
        TableName: env.runtime.dynamo.tableNames.connections,
        IndexName: 'byMerchant',
        KeyConditionExpression: 'merchantId = :m',
        ExpressionAttributeValues: { ':m': merchant.sub },
      }),
    );
    if (Items?.length) return { socket, messages };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a payer subscribes to a weekly link', () => {
  it('is a subscriber by the name and email they gave, with their first payment counted, and the open tab is told', async () => {
    const link = await env.createLink(merchant, {
      title: 'Thursday night yoga',
      isOpenAmount: false,
      amountCents: 2500,
      tipPercent: 0,
      repeat: { every: 'week', payments: null },
    });
    const tab = await openTab(merchant.accessToken);

    await env.payLink(link.linkId, { payer: { email: 'aroha@example.co.nz', name: 'Aroha Ngata' } });
    await env.settle();

    const listed = await env.api('/api/me/subscribers', { token: merchant.accessToken });
    expect(subscriberListSchema.parse(await listed.json()).subscribers).toEqual([
      expect.objectContaining({
        payerName: 'Aroha Ngata',
        payerEmail: 'aroha@example.co.nz',
        paymentsMade: 1,
        status: 'active',
      }),
    ]);
    // The payment's own push comes from its settle, before its period joins the subscriber: the subscriber's
    // own word, after the count, is what makes an open Subscribers screen read it.
    expect(tab.messages).toContainEqual({
      type: 'merchant.updated',
      merchant: { merchantId: merchant.sub, change: 'subscribers' },
    });
    tab.socket.close();
  });
});
