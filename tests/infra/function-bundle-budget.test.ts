/**
 * Each function's bundle under its budget: the bytes a cold start loads, bundled exactly
 * as CDK bundles them (tests/bench/function-bundles.ts). The figures are deterministic for a given lock file.
 * Budgets sit about 10% above today's sizes (November 2026: Stripe + Powertools functions ~760–790 KB,
 * Stripe-free ones ~470–520 KB, health 41 KB, the two challenge triggers under 1 KB), so a dependency
 * pulled into the wrong function — the Stripe SDK into a Cognito trigger, say — fails here, not on a bill.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { bundleCatalog } from '../bench/function-bundles';

/** Functions that stay far below the default; anything not named here gets DEFAULT_BUDGET. */
const BUDGETS: Record<string, number> = {
  health: 64_000,
  'magic-link-define-challenge': 2_000,
  'magic-link-create-challenge': 2_000,
  // No Stripe SDK in these: they only read and write tables, send email or push to sockets.
  'cognito-custom-message': 560_000,
  'magic-link-verify-challenge': 560_000,
  'signup-challenge': 580_000,
  'request-magic-link': 580_000,
  'send-magic-link': 580_000,
  'get-stats': 580_000,
  'consumer-demo': 580_000,
  'realtime-authorizer': 580_000,
  'realtime-connections': 580_000,
  'close-expired-connections': 580_000,
  'notify-merchant': 580_000,
};
const DEFAULT_BUDGET = 880_000;

describe('function bundle budgets', () => {
  it('bundles every catalogue function within its budget', async () => {
    const bundles = await bundleCatalog();
    expect(bundles.map(({ name }) => name)).toEqual(catalog.map(({ name }) => name));
    for (const name of Object.keys(BUDGETS)) expect(catalog.map((spec) => spec.name)).toContain(name);
    const over = bundles
      .map(({ name, bytes }) => ({ name, bytes, budget: BUDGETS[name] ?? DEFAULT_BUDGET }))
      .filter(({ bytes, budget }) => bytes > budget);
    expect(over, 'functions over their bundle budget (bytes)').toEqual([]);
  });
});
