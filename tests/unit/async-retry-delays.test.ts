/** The local bus waits as Lambda does before retrying an asynchronous invocation, scaled by one setting. */
import { describe, expect, it } from 'vitest';
import { ASYNC_RETRY_DELAYS_MS, asyncRetryDelayMs } from '@infra/local/event-bus';

describe('asynchronous retry delays', () => {
  it('are about a minute, then two, at full scale', () => {
    expect(ASYNC_RETRY_DELAYS_MS).toEqual([60_000, 120_000]);
    expect(asyncRetryDelayMs(1, 1, () => 0.5)).toBe(60_000);
    expect(asyncRetryDelayMs(2, 1, () => 0.5)).toBe(120_000);
  });

  it('spread within ±20% so retries of a burst do not arrive together', () => {
    expect(asyncRetryDelayMs(1, 1, () => 0)).toBe(48_000);
    expect(asyncRetryDelayMs(1, 1, () => 0.999_999)).toBe(72_000);
  });

  it('scale down for tests and the bench', () => {
    expect(asyncRetryDelayMs(1, 0.001, () => 0.5)).toBe(60);
    expect(asyncRetryDelayMs(2, 0.05, () => 0.5)).toBe(6_000);
  });
});
