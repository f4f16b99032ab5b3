/**
 * The payer's result pages send them on to the business's own website, never to Paylink's sales site
 * (docs/decisions.md #207): the success page's and the cancel page's answers carry the profile's website, or
 * null when it has none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cancelResultSchema, checkoutResponseSchema, paymentResultSchema } from '@shared/contracts/checkout';
import { paymentRow } from '../support/stored-rows';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;

beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

async function openCheckout(linkId: string) {
  const response = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });
  expect(response.status).toBe(200);
  return checkoutResponseSchema.parse(await response.json());
}

it("names the café's own website on the success and cancel pages' answers", async () => {
  const cafe = await env.connectedMerchant({ websiteUrl: 'https://kowhaicafe.co.nz' });
  const paid = await env.paidPayment(cafe);
  const sessionId = (await paymentRow(env, paid.paymentId)).checkoutSessionId!;
  const result = paymentResultSchema.parse(await (await env.api(`/api/checkout/${sessionId}`)).json());
  expect(result).toMatchObject({ status: 'succeeded', business_website: 'https://kowhaicafe.co.nz' });

  const left = await openCheckout(paid.linkId);
  const canceled = await env.api(`/api/payments/${left.paymentId}/cancel`, { method: 'POST' });
  expect(cancelResultSchema.parse(await canceled.json())).toMatchObject({
    status: 'canceled',
    businessWebsite: 'https://kowhaicafe.co.nz',
  });
});

it('offers no website when the profile has none', async () => {
  const cart = await env.connectedMerchant();
  const link = await env.createLink(cart);
  const left = await openCheckout(link.linkId);
  const canceled = await env.api(`/api/payments/${left.paymentId}/cancel`, { method: 'POST' });
  expect(cancelResultSchema.parse(await canceled.json())).toMatchObject({ status: 'canceled', businessWebsite: null });
});
