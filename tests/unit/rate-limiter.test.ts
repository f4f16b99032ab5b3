/** The local gateway's stand-in for WAF's rate-based rule: per client and window, and it forgets old clients. */
import { expect, it } from 'vitest';
import { createRateLimiter } from '@infra/local/gateway';

it('refuses a client past the limit in its window, and lets it in again in the next', () => {
  const limit = createRateLimiter({ requests: 2, windowSeconds: 60 });
  expect([1, 2, 3].map(() => limit('198.51.100.1', 1_000).allowed)).toEqual([true, true, false]);
  expect(limit('198.51.100.2', 1_000).allowed).toBe(true);
  expect(limit('198.51.100.1', 61_000).allowed).toBe(true);
});

it('forgets clients whose window has ended, so 100,000 addresses do not stay in memory', () => {
  const limit = createRateLimiter({ requests: 100, windowSeconds: 60 });
  for (let client = 0; client < 100_000; client++) limit(`client-${client}`, 1_000);
  expect(limit.trackedClients()).toBe(100_000);
  limit('198.51.100.9', 62_000);
  expect(limit.trackedClients()).toBe(1);
});
