/**
 * Each function's bundle under its budget: the bytes a cold start loads, bundled exactly
 * as the stack bundles them (infra/constructs/function-bundling.ts, through tests/support/catalog-bundles.ts:
 * in CI the deploy rehearsal's bundled files themselves).
 * The figures are deterministic for a given lock file. November 2026, after the Stripe SDK's cut to the
 * resources the functions call (docs/decisions.md #95: 392–469 KB became 234–311 KB for the 20 functions
 * that call Stripe), then each function carrying only the contracts and rules it reaches (docs/decisions.md
 * #101: 224–291 KB with Stripe, 37–159 KB without, the two challenge triggers under 1 KB), then the
 * contracts moved to zod/mini (docs/decisions.md #106: zod ~26–37 KB in a function instead of ~90–102 KB).
 * So a dependency pulled into the wrong function — the Stripe SDK into a Cognito trigger, zod's classic API
 * or its locales back, a Stripe resource the list does not name — fails here, not on a bill.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { catalogBundle } from '../support/catalog-bundles';

/** Every function's budget unless named below (issue 28): the Stripe SDK's resources included, no exceptions. */
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

/**
 * The one function above the default, measured: a refund carries Stripe's refunds, the whole money path after a
 * sale (settlement, stats, receipts' emails) and, since staff accounts, who refunded (the activity entry) and
 * the session check every merchant route makes: 250,953 bytes at 2026-12-06. Its shared contracts import the
 * checkout's and links' zod schemas whole (zod's schemas are not tree-shaken); splitting those is the way back.
 */
const LARGER: Record<string, number> = {
  'refund-payment': 255_000,
};

const budgetOf = (name: string) => SMALL[name] ?? LARGER[name] ?? DEFAULT_BUDGET;

describe('function bundle budgets', () => {
  it('names only functions the catalogue has', () => {
    const names = catalog.map((spec) => spec.name);
    for (const name of [...Object.keys(SMALL), ...Object.keys(LARGER)]) expect(names).toContain(name);
  });

  it.each(catalog.map(({ name, entry, stripeResources }) => ({ name, entry, stripeResources })))(
    '$name within its budget',
    async (spec) => {
      const { bytes } = await catalogBundle(spec);
      expect(bytes, `${spec.name}: bundle bytes`).toBeLessThanOrEqual(budgetOf(spec.name));
    },
  );
});
