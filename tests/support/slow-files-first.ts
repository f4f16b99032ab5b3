/**
 * The order vitest starts test files in. With timings from an earlier run (its cache) vitest starts the
 * longest first; a clean clone, as in CI, has none, and vitest falls back to the largest files first. There
 * the integration group's two slowest files began last and ended the whole run alone on one core, ~15 s
 * after everything else. So the files below, the slowest on any run, start first in their group (vitest's
 * `sequence.groupOrder`: the runtime files' projects, integration and chaos, share one), in this order; every
 * other file keeps vitest's place for it. Only an order: nothing is skipped
 * (tests/unit/slow-files-first.test.ts checks each file named here exists).
 *
 * The order mixes the projects on purpose: the chaos files mostly wait (on Stripe faults held for seconds, on
 * killed runtimes coming back), and two of them side by side left both cores idle for ~15 s; each now starts
 * beside an integration file that keeps a core busy.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Start order within a group (seconds on an idle two-core machine, 2026-11-28). */
export const SLOW_FILES = [
  'tests/integration/stats-and-reverification.test.ts', // 38–44 s, busy
  'tests/chaos/stripe-faults.test.ts', // 20 s, mostly waiting
  'tests/chaos/webhook-storm-subscriptions.test.ts', // 19 s, busy (2026-12-06, a shared machine)
  'tests/integration/reverify-at-scale.test.ts', // 16–18 s
  'tests/chaos/crash-injection.test.ts', // 16 s, mostly waiting
  'tests/integration/recurring-periods.test.ts', // 14–18 s (2026-12-06, a shared machine)
  'tests/integration/payments-api.test.ts', // 11 s
  'tests/chaos/fuzz.test.ts', // 12 s
  'tests/integration/busy-merchant-day.test.ts', // 11 s
  'tests/infra/function-bundle-budget.test.ts', // 13 s
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const rankOf = (spec: TestSpecification) => {
      const rank = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return rank === -1 ? SLOW_FILES.length : rank;
    };
    // Files of one group run in one pool, whatever their project; the groups run one after another.
    const groupOf = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return byVitest
      .map((spec, index) => ({ spec, key: [groupOf(spec), rankOf(spec), index] }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ spec }) => spec);
  }
}
