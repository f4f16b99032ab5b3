import { afterEach, describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import {
  STRIPE_CALL_WORST_CASE_MS,
  STRIPE_REQUEST_TIMEOUT_MS,
  stripeRequestTimeoutMs,
} from '@functions/adapters/stripe-client';
import { ENV } from '@functions/environment';
import { DEFAULT_TIMEOUT_SECONDS } from '@functions/function-spec';
import { CHECK_IN_FLIGHT_MS, RESERVED_AFTER_CHECKS_MS } from '@functions/domain/reverification';

/** The most Stripe calls a function makes one after another (e.g. create the customer, then the session). */
const SEQUENTIAL_STRIPE_CALLS = 2;

describe('timeouts', () => {
  // The webhook ingress holds the key only to know its mode; it never calls Stripe's API.
  const callers = catalog.filter((fn) => fn.secrets?.includes('stripe-secret-key') && fn.name !== 'stripe-webhook');

  it.each(callers.map((fn) => [fn.name, fn] as const))(
    '%s: the Stripe SDK gives up (retries included) before the function times out',
    (_name, fn) => {
      const timeoutMs = (fn.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
      expect(STRIPE_CALL_WORST_CASE_MS * SEQUENTIAL_STRIPE_CALLS).toBeLessThan(timeoutMs);
    },
  );

  it('HTTP functions stay inside API Gateway’s 30 s integration limit', () => {
    for (const fn of catalog.filter((candidate) => candidate.routes?.length)) {
      expect(fn.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, fn.name).toBeLessThan(30);
    }
  });
});

describe("the re-verify run's share of its Lambda (docs/decisions.md #126)", () => {
  it('keeps back enough for the check in flight when checks stop: three Stripe calls one after another', () => {
    expect(CHECK_IN_FLIGHT_MS).toBeGreaterThanOrEqual(3 * STRIPE_CALL_WORST_CASE_MS);
  });

  it('leaves its checks at least half a minute of the function’s timeout (1,000 checks take ~13 s)', () => {
    const reverify = catalog.find((fn) => fn.name === 'reverify-pending-payments')!;
    expect(
      (reverify.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000 - RESERVED_AFTER_CHECKS_MS,
    ).toBeGreaterThanOrEqual(30_000);
  });
});

describe('a shorter Stripe wait in tests (docs/decisions.md #72)', () => {
  afterEach(() => {
    delete process.env[ENV.stripeTimeoutMs];
  });

  it('is the 5 s the catalogue is worked out from, unless a shorter one is set', () => {
    expect(stripeRequestTimeoutMs()).toBe(STRIPE_REQUEST_TIMEOUT_MS);
    process.env[ENV.stripeTimeoutMs] = '2000';
    expect(stripeRequestTimeoutMs()).toBe(2_000);
  });

  it.each(['9000', '5000', '0', '-1', '1.5', 'soon'])('ignores %s: never longer, never nonsense', (value) => {
    process.env[ENV.stripeTimeoutMs] = value;
    expect(stripeRequestTimeoutMs()).toBe(STRIPE_REQUEST_TIMEOUT_MS);
  });
});
