/**
 * The public routes' per-client limit, as the local gateway applies it (the cloud's WAF rule has the same
 * numbers: tests/infra checks the template). The whole limit is spent for real, then one more request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLIC_RATE_LIMIT } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;
beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.createMerchant();
});
afterAll(async () => {
  await env?.stop();
});

it('answers 429 with a clear message once a client has spent the public limit; merchant and webhook routes are not counted', async () => {
  for (let request = 0; request < PUBLIC_RATE_LIMIT.requests; request++) {
    const response = await env.api(request % 2 ? '/api/health' : '/api/links/AAAAAAAAAAAA');
    expect(response.status).not.toBe(429);
  }

  for (const path of ['/api/health', '/api/links/AAAAAAAAAAAA']) {
    const refused = await env.api(path);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: RATE_LIMITED_CODE, message: RATE_LIMITED_MESSAGE });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PUBLIC_RATE_LIMIT.windowSeconds);
  }
  const checkout = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: 'AAAAAAAAAAAA', tip: 'none' }),
  });
  expect(checkout.status).toBe(429);

  // A signed-in merchant's own routes and Stripe's webhooks are outside the public limit.
  expect((await env.api('/api/me', { token: merchant.accessToken })).status).toBe(200);
  const webhook = await env.api('/api/webhooks/stripe', { method: 'POST', body: '{}' });
  expect(webhook.status).toBe(400);
});
