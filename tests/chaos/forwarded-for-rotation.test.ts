/**
 * A client that invents a new X-Forwarded-For for every try is still one client: the edge (CloudFront in
 * the cloud, the local gateway here) appends the connection's address last, and limits read that entry.
 * Before, 25 wrong consumer-demo passwords with 25 invented addresses were all answered 401, never 429.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSUMER_UNLOCK_ATTEMPTS } from '@functions/domain/consumer-wallet';
import { bootLocalRuntime, type TestRuntime } from '../integration/harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

it('25 wrong passwords, each with a new invented X-Forwarded-For, meet the per-client limit', async () => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 25; attempt++) {
    const invented = `203.0.113.${attempt}, 198.51.100.${attempt}`;
    const response = await env.api('/api/consumer/unlock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': invented },
      body: JSON.stringify({ password: `guess-${attempt}` }),
    });
    statuses.push(response.status);
  }
  const allowed = CONSUMER_UNLOCK_ATTEMPTS.attempts;
  expect(statuses.slice(0, allowed).every((status) => status === 401)).toBe(true);
  expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
});
