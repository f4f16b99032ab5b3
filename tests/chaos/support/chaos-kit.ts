/** What the chaos files share: a merchant with a connected account and a link, payments made and paid as a payer would. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentLinkSchema } from '@shared/contracts/payment-links';
import type { TestMerchant, TestRuntime } from '@tests/integration/harness';
import { clientAddress, fetchFrom } from '@tests/support/from-address';
import { paymentRow } from '@tests/support/stored-rows';
import { PAYING_CARD, payOnHostedCheckout } from '@tests/support/stripe-sandbox';

export { PAYING_CARD };

export function sendJson(
  env: TestRuntime,
  path: string,
  method: string,
  body: unknown,
  init: RequestInit & { token?: string } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return env.api(path, { ...init, method, headers, body: JSON.stringify(body) });
}

export async function createLink(env: TestRuntime, merchant: TestMerchant, amountCents: number): Promise<string> {
  const response = await sendJson(
    env,
    '/api/me/links',
    'POST',
    { title: `Chaos ${amountCents}`, isOpenAmount: false, amountCents, tipPercent: 10 },
    { token: merchant.accessToken },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return paymentLinkSchema.parse(await response.json()).linkId;
}

export interface StartedPayment {
  paymentId: string;
  sessionId: string;
  url: string;
}

let payers = 0;
/** A payer, each from an address of its own (one address holds only its share of a link: docs/decisions.md #168). */
export async function startCheckout(env: TestRuntime, linkId: string): Promise<StartedPayment> {
  const response = await fetchFrom(clientAddress(payers++), `${env.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  const { paymentId, url } = checkoutResponseSchema.parse(JSON.parse(body));
  const row = await paymentRow(env, paymentId);
  return { paymentId, sessionId: row.checkoutSessionId!, url };
}

/** Pays on the sandbox's hosted Checkout page, as the payer's browser would. */
export async function payOnCheckoutPage(url: string, card = PAYING_CARD) {
  expect([302, 303]).toContain((await payOnHostedCheckout(url, { card })).status);
}

export async function merchantRow(env: TestRuntime, merchantId: string) {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId }, ConsistentRead: true }),
  );
  return Item;
}

/** Arms a fault on the runtime's Stripe sandbox (infra/local/stripe-sandbox/faults.ts). */
export async function injectStripeFault(
  env: TestRuntime,
  fault: {
    method: string;
    path: string;
    kind: 'timeout' | '5xx' | '4xx';
    status?: number;
    count?: number;
    hold_ms?: number;
  },
) {
  const response = await fetch(`${env.runtime.stripe.url}/_emu/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Clears the armed faults; answers how many requests they failed. */
export async function clearStripeFaults(env: TestRuntime): Promise<number> {
  const listed = (await (await fetch(`${env.runtime.stripe.url}/_emu/faults`)).json()) as {
    data: { injected: number }[];
  };
  const response = await fetch(`${env.runtime.stripe.url}/_emu/faults`, { method: 'DELETE' });
  expect(response.status).toBe(200);
  return listed.data.reduce((sum, fault) => sum + fault.injected, 0);
}
