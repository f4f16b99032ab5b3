/**
 * Each function's bundle under its budget: the bytes a cold start loads, bundled exactly
 * as CDK bundles them (tests/bench/function-bundles.ts). The figures are deterministic for a given lock file.
 * November 2026, after zod came in as a namespace (a named `z` carried every zod locale, ~370 KB, into each
 * bundle): functions without Stripe 37–148 KB, the two challenge triggers under 1 KB; functions with the
 * Stripe SDK 380–425 KB, of which the SDK is ~246 KB. So a dependency pulled into the wrong function — the
 * Stripe SDK into a Cognito trigger, or zod's locales back — fails here, not on a bill.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { bundleFunction } from '../bench/function-bundles';

/** Every function's budget unless named below: what a handler without the Stripe SDK may load. */
const DEFAULT_BUDGET = 250_000;

/** Functions that stay far below the default. */
const SMALL: Record<string, number> = {
  health: 50_000,
  'magic-link-define-challenge': 2_000,
  'magic-link-create-challenge': 2_000,
  'cognito-post-confirmation': 2_000,
  'cognito-pre-sign-up': 4_000,
  'realtime-connections': 50_000,
  'close-expired-connections': 50_000,
  'get-me': 60_000,
};

/** The functions that call Stripe carry its SDK (~246 KB minified) on top of their own code. */
const WITH_STRIPE_SDK_BUDGET = 470_000;
const WITH_STRIPE_SDK = new Set([
  'subscription-portal',
  'subscription-checkout',
  'stripe-status',
  'stripe-diagnose',
  'stripe-connect',
  'stripe-webhook',
  'apply-stripe-account-event',
  'get-payment',
  'update-payment-link',
  'apply-stripe-subscription-event',
  'create-checkout',
  'verify-checkout',
  'verify-payments',
  'reverify-pending-payments',
  'apply-stripe-payment-event',
  'cancel-payment',
  'apply-stripe-money-event',
  'refund-payment',
  'apply-stripe-payout-event',
  'catch-up-payouts',
]);

const budgetOf = (name: string) => SMALL[name] ?? (WITH_STRIPE_SDK.has(name) ? WITH_STRIPE_SDK_BUDGET : DEFAULT_BUDGET);

describe('function bundle budgets', () => {
  it('names only functions the catalogue has', () => {
    const names = catalog.map((spec) => spec.name);
    for (const name of [...Object.keys(SMALL), ...WITH_STRIPE_SDK]) expect(names).toContain(name);
  });

  it.each(catalog.map(({ name, entry }) => ({ name, entry })))('$name within its budget', async (spec) => {
    const { bytes } = await bundleFunction(spec);
    expect(bytes, `${spec.name}: bundle bytes`).toBeLessThanOrEqual(budgetOf(spec.name));
  });
});
