/**
 * DynamoDB calls per request on the payer's money path, counted at the client: the public
 * link read, the server-rendered page and checkout. These run on every payer's visit, so a stray extra read
 * (a second merchant lookup, a scan) costs on every payment; the counts do not vary with history size
 * (`npm run bench` shows them at 100 and 10,000 payments).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootLocalRuntime, type TestRuntime } from './harness';
import { countDynamoCalls, type DynamoCallCounter } from '../support/dynamodb-call-counter';

let env: TestRuntime;
let dynamoCalls: DynamoCallCounter;
let linkId: string;

beforeAll(async () => {
  env = await bootLocalRuntime({ publicRateLimit: false });
  dynamoCalls = countDynamoCalls();
  const merchant = await env.connectedMerchant();
  linkId = (await env.createLink(merchant)).linkId;
});
afterAll(async () => {
  await env?.stop();
});

/** The calls one request makes, with the bus settled first so no consumer's calls are counted. */
async function callsOf(request: () => Promise<Response>) {
  await env.settle();
  const { result: status, byCommand } = await dynamoCalls.during(async () => {
    const response = await request();
    await response.arrayBuffer();
    return response.status;
  });
  return { status, byCommand };
}

describe('DynamoDB calls per money-path request', () => {
  it('reads a public link in two GetItems (the link, its merchant)', async () => {
    for (const path of [`/api/links/${linkId}`, `/p/${linkId}`]) {
      expect(await callsOf(() => env.api(path)), path).toEqual({ status: 200, byCommand: { GetItemCommand: 2 } });
    }
  });

  // The link's place is held before Checkout opens (docs/decisions.md #58): one conditional write on the link row.
  // Three of them are the client address's share of the link (docs/decisions.md #168): its record read, the
  // link's holds read as stored once the place is taken, and the record written.
  it('starts a checkout in eight calls: three reads, the place held, the share checked and written, the payment row, the link counter', async () => {
    const counted = await callsOf(() =>
      env.api('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkId, tip: 'none' }),
      }),
    );
    expect(counted).toEqual({ status: 200, byCommand: { GetItemCommand: 4, PutItemCommand: 2, UpdateItemCommand: 2 } });
  });
});
