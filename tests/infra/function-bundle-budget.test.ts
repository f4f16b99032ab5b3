/**
 * Each function's bundle under its budget: the bytes a cold start loads, bundled exactly
 * as the stack bundles them (infra/constructs/function-bundling.ts, through tests/support/catalog-bundles.ts:
 * in CI the deploy rehearsal's bundled files themselves).
 * The figures are deterministic for a given lock file. November 2026, after the Stripe SDK's cut to the
 * resources the functions call (docs/decisions.md #95: 392–469 KB became 234–311 KB for the 20 functions
 * that call Stripe), then each function carrying only the contracts and rules it reaches (docs/decisions.md
 * #101: 224–291 KB with Stripe, 37–159 KB without, the two challenge triggers under 1 KB), then the
 * contracts moved to zod/mini (docs/decisions.md #106: zod ~26–37 KB in a function instead of ~90–102 KB), then
 * the contracts' shared pieces moved into small modules of their own (docs/decisions.md #223: refund-payment
 * 251 KB became 240 KB, every function under the default again).
 * So a dependency pulled into the wrong function — the Stripe SDK into a Cognito trigger, zod's classic API
 * or its locales back, a Stripe resource the list does not name — fails here, not on a bill.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { bundleFunction } from '../bench/function-bundles';
import { catalogBundle } from '../support/catalog-bundles';

/** Every function's budget unless named below (issue 28): the Stripe SDK's resources included, no exceptions. */
const DEFAULT_BUDGET = 250_000;

/** Functions that stay far below the default. */
const SMALL: Record<string, number> = {
  health: 50_000,
  'magic-link-define-challenge': 2_000,
  'magic-link-create-challenge': 2_000,
  'cognito-post-confirmation': 2_000,
  // ~3.0 KB: the two-factor check, the record's backfill and the app client's name (docs/decisions.md #259, #260).
  'cognito-pre-token-generation': 4_000,
  'cognito-pre-sign-up': 4_000,
  'realtime-connections': 50_000,
  'close-expired-connections': 50_000,
  'get-me': 60_000,
};

const budgetOf = (name: string) => SMALL[name] ?? DEFAULT_BUDGET;

describe('function bundle budgets', () => {
  it('names only functions the catalogue has', () => {
    const names = catalog.map((spec) => spec.name);
    for (const name of Object.keys(SMALL)) expect(names).toContain(name);
  });

  it.each(catalog.map(({ name, entry, stripeResources }) => ({ name, entry, stripeResources })))(
    '$name within its budget',
    async (spec) => {
      const { bytes } = await catalogBundle(spec);
      expect(bytes, `${spec.name}: bundle bytes`).toBeLessThanOrEqual(budgetOf(spec.name));
    },
  );
});

/**
 * Contracts a function must not carry: one name imported from a contract brings all of its schemas, since zod's
 * schemas are not tree-shaken, so the pieces many functions share live in small modules of their own
 * (docs/decisions.md #223). The budget above would let these come back unseen, a few KB at a time.
 */
const NOT_CARRIED: { names: string[]; contracts: string[]; why: string }[] = [
  {
    names: ['refund-payment', 'list-payments', 'get-payment', 'cancel-payment', 'apply-stripe-money-event'],
    contracts: ['shared/contracts/checkout.ts', 'shared/contracts/payment-links.ts', 'shared/redirect-url.ts'],
    why: "reads payments and links, opens no Checkout and takes no link's fields",
  },
  {
    names: ['get-team', 'invite-member', 'request-magic-link', 'cognito-custom-message'],
    contracts: ['shared/contracts/signup.ts', 'shared/password-rules.ts'],
    why: 'takes an email address, never a sign-up',
  },
  {
    names: ['render-receipt-page', 'refund-payment'],
    contracts: ['shared/contracts/tax.ts'],
    why: "reads the tax settings' defaults, never Settings → Tax's form",
  },
  {
    names: ['refund-payment', 'list-payment-links', 'apply-stripe-payment-event'],
    contracts: ['shared/contracts/custom-fields.ts'],
    why: 'reads stored questions and answers, never the Create Link form',
  },
];

describe('contracts a function does not carry', () => {
  it.each(NOT_CARRIED.flatMap(({ names, contracts, why }) => names.map((name) => ({ name, contracts, why }))))(
    '$name: $why',
    async ({ name, contracts }) => {
      const spec = catalog.find((candidate) => candidate.name === name)!;
      // Bundled here even in CI: only the build's own record says which of our files went in (the deployed
      // file is minified), and these are a few functions, not all of them.
      const { sources } = await bundleFunction(spec);
      expect(sources.filter((file) => contracts.includes(file))).toEqual([]);
    },
  );
});
