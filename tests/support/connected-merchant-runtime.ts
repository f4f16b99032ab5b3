/**
 * The start most money and request tests share: the local runtime booted for the file, one merchant with its
 * Stripe account connected, and JSON requests to the gateway as the dashboard and the payer page send them.
 *
 *   beforeAll(async () => ({ env, merchant } = await bootWithConnectedMerchant()));   // one boot per file
 *   afterAll(() => env?.stop());
 */
import { expect } from 'vitest';
import { checkoutResponseSchema, type CheckoutRequest } from '@shared/contracts/checkout';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';

export async function bootWithConnectedMerchant(
  options: Parameters<typeof bootLocalRuntime>[0] = {},
  profile: Partial<Record<string, unknown>> = {},
): Promise<{ env: TestRuntime; merchant: TestMerchant }> {
  const env = await bootLocalRuntime(options);
  try {
    return { env, merchant: await env.connectedMerchant(profile) };
  } catch (error) {
    // The file's afterAll never sees this runtime: stop it here, or its servers outlive the file.
    await env.stop();
    throw error;
  }
}

/** A JSON request to the gateway; a `token` signs it as that merchant. */
export function sendJson(env: TestRuntime, method: string, path: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** POST /api/checkout as the payer page sends it, expecting 200: the payment it opened and Checkout's URL. */
export async function openCheckout(env: TestRuntime, request: CheckoutRequest) {
  const response = await sendJson(env, 'POST', '/api/checkout', request);
  expect(response.status, await response.clone().text()).toBe(200);
  return checkoutResponseSchema.parse(await response.json());
}
