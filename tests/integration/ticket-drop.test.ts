/**
 * A ticket drop (docs/decisions.md #115): more payers at once than a link has places, and more places
 * than the 50 open Checkouts #60 allowed, each payer from an address of its own (#168). Every place goes to a payer at once — none is told
 * "busy" while places are free — every other payer is told it is sold out, and once the link is full a
 * refused payer costs the link's row no write; a take DynamoDB throttles (the row past its per-item write rate)
 * tells the payer the link is busy, never a server error (the timings and the 2,000-payer figure are the bench's:
 * tests/bench/ticket-drop.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentLinkStore } from '@functions/adapters/payment-link-store';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { documentClient, tableName } from '@functions/adapters/dynamo';
import { CHECKOUT_BUSY_MESSAGE, OPEN_CHECKOUTS_PER_LINK } from '@functions/domain/checkout';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { LINK_ALL_HELD_MESSAGE } from '@shared/payment-messages';
import { countDynamoCalls, type DynamoCallCounter } from '../support/dynamodb-call-counter';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { clientAddress, fetchFrom } from '../support/from-address';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
let linkWrites: DynamoCallCounter;
beforeAll(async () => {
  env = await bootLocalRuntime();
  linkWrites = countDynamoCalls((call) => call.table === tableName('links') && call.command === 'UpdateItemCommand');
});
afterAll(async () => {
  await env?.stop();
});

let payers = 0;
/** Each payer from an address of its own: one address holds only its share of a link (docs/decisions.md #168). */
const startCheckout = (linkId: string) =>
  fetchFrom(clientAddress(payers++), `${env.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });

const PLACES = OPEN_CHECKOUTS_PER_LINK + 10;

it(`${PLACES + 10} payers at once on ${PLACES} places: every place held, the rest told sold out, none busy; all sell`, async () => {
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant, {
    title: 'Festival ticket',
    isOpenAmount: false,
    amountCents: 30_00,
    tipPercent: 0,
    maxPayments: PLACES,
  });

  const answers = await Promise.all(Array.from({ length: PLACES + 10 }, () => startCheckout(link.linkId)));
  const bodies = await Promise.all(
    answers.map(async (answer) => ({ status: answer.status, body: await answer.json() })),
  );
  const held = bodies.filter(({ status }) => status === 200);
  const refused = bodies.filter(({ status }) => status !== 200);
  expect(held).toHaveLength(PLACES);
  expect(refused).toHaveLength(10);
  for (const { status, body } of refused) {
    expect(status).toBe(409);
    // Every ticket is held by a payer on Checkout, none sold yet: one may come back (docs/decisions.md #242).
    expect(body).toMatchObject({ code: 'sold_out', message: LINK_ALL_HELD_MESSAGE });
  }

  // Full: a later payer is refused from the link as read, with no write on the link's row.
  const { calls, result: late } = await linkWrites.during(() => startCheckout(link.linkId));
  expect(late.status).toBe(409);
  expect(await late.json()).toMatchObject({ code: 'sold_out' });
  expect(calls).toBe(0);

  // Every holder pays: exactly the places sold, none left held.
  for (const { body } of held) {
    expect((await payOnHostedCheckout(checkoutResponseSchema.parse(body).url)).status).toBe(303);
  }
  await env.settle();
  const ledger = await paymentLinkStore.get(link.linkId);
  expect(ledger).toMatchObject({ soldCount: PLACES, placesTaken: PLACES });
  expect(ledger?.holds?.size ?? 0).toBe(0);
  expect((await startCheckout(link.linkId)).status).toBe(409);
}, 120_000);

it("a take DynamoDB throttles (the link's row past its partition's write rate) is answered busy, in words, and leaves nothing", async () => {
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant, {
    title: 'Festival ticket',
    isOpenAmount: false,
    amountCents: 30_00,
    tipPercent: 0,
    maxPayments: 5,
  });
  // DynamoDB's answer to the take, after the SDK's own retries: above the retry step, so none follows.
  const links = tableName('links');
  const name = 'throttleTheNextTake';
  documentClient().middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { TableName?: string; UpdateExpression?: string };
      if (input.TableName === links && input.UpdateExpression?.startsWith('ADD holds')) {
        documentClient().middlewareStack.remove(name);
        throw new ProvisionedThroughputExceededException({
          message: 'The level of configured provisioned throughput for the table was exceeded.',
          $metadata: { httpStatusCode: 400 },
        });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );

  const throttled = await startCheckout(link.linkId);
  expect(throttled.status).toBe(429);
  expect(await throttled.json()).toMatchObject({ code: 'checkout_busy', message: CHECKOUT_BUSY_MESSAGE });
  const ledger = await paymentLinkStore.get(link.linkId);
  expect(ledger?.placesTaken ?? 0).toBe(0);
  expect(ledger?.holds?.size ?? 0).toBe(0);

  // The next payer, unthrottled, gets the place.
  expect((await startCheckout(link.linkId)).status).toBe(200);
});
