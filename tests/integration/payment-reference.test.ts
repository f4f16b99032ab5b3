/**
 * One reference per payment (docs/decisions.md #29): the success page's answer and the receipt show
 * Paylink's payment id, and the merchant's Transactions finds the payment by it, by the payment intent id or
 * by the Checkout session id (the one in the success page's URL) — only among that merchant's payments.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutResponseSchema, paymentResultSchema } from '@shared/contracts/checkout';
import { paymentListSchema } from '@shared/contracts/payments';
import { waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;
let paymentId: string;
let sessionId: string;
const payerEmail = `ref-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

async function pay(owner: TestMerchant, email: string) {
  const link = await env.createLink(owner);
  const started = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const checkout = checkoutResponseSchema.parse(await started.json());
  const paid = await payOnHostedCheckout(checkout.url, { email, name: 'Aroha Ngata' });
  await env.settle();
  return {
    paymentId: checkout.paymentId,
    sessionId: new URL(paid.headers.get('location')!).searchParams.get('session_id')!,
  };
}

async function search(owner: TestMerchant, transactionId: string) {
  const response = await env.api(`/api/me/payments?${new URLSearchParams({ transactionId })}`, {
    token: owner.accessToken,
  });
  expect(response.status).toBe(200);
  return paymentListSchema.parse(await response.json()).payments.map((payment) => payment.paymentId);
}

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  ({ paymentId, sessionId } = await pay(merchant, payerEmail));
  // Another payment of the same merchant, which no search below may find.
  await pay(merchant, 'someone@example.co.nz');
});
afterAll(async () => {
  await env?.stop();
});

it("the success page's answer and the receipt show Paylink's payment id, not the session id", async () => {
  const result = paymentResultSchema.parse(await (await env.api(`/api/checkout/${sessionId}`)).json());
  expect(result.payment_id).toBe(paymentId);

  const sent = await env.api(`/api/checkout/${sessionId}/receipt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(sent.status).toBe(202);
  const receipt = await waitForEmail(env.runtime.mailbox.url, payerEmail, { subject: /Your receipt/ });
  expect(receipt.body.text).toContain(`Transaction ID: ${paymentId}`);
  expect(receipt.body.text).not.toContain(sessionId);
  expect(receipt.body.html).toContain(paymentId);
});

it('Transactions finds the payment by any of its ids, whole or by their start', async () => {
  const { paymentIntentId } = await paymentRow(env, paymentId);
  expect(paymentIntentId).toMatch(/^pi_/);
  for (const id of [paymentId, paymentIntentId!, sessionId, sessionId.slice(0, 30)]) {
    expect(await search(merchant, id), id).toEqual([paymentId]);
  }
});

it("another merchant's Transactions finds nothing by those ids", async () => {
  const other = await env.createMerchant();
  const { paymentIntentId } = await paymentRow(env, paymentId);
  for (const id of [paymentId, paymentIntentId!, sessionId]) {
    expect(await search(other, id), id).toEqual([]);
  }
});
