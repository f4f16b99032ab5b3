/**
 * The order vitest starts test files in. With timings from an earlier run (its cache) vitest starts the
 * longest first; a clean clone, as in CI, has none, and vitest falls back to the largest files first. There
 * the integration group's two slowest files began last and ended the whole run alone on one core, ~15 s
 * after everything else. So the files below, the slowest of their project on any run, start first in their
 * project; every other file keeps vitest's place for it. Only an order: nothing is skipped
 * (tests/unit/slow-files-first.test.ts checks each file named here exists).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, by project (seconds on an idle two-core machine, 2026-11-28). */
export const SLOW_FILES = [
  'tests/integration/stats-and-reverification.test.ts', // 38 s
  'tests/integration/reverify-at-scale.test.ts', // 16 s
  'tests/integration/payments-api.test.ts', // 11 s
  'tests/integration/busy-merchant-day.test.ts', // 11 s
  'tests/chaos/stripe-faults.test.ts', // 20 s
  'tests/chaos/crash-injection.test.ts', // 16 s
  'tests/chaos/fuzz.test.ts', // 12 s
  'tests/infra/function-bundle-budget.test.ts', // 13 s
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const rankOf = (spec: TestSpecification) => {
      const rank = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return rank === -1 ? SLOW_FILES.length : rank;
    };
    // vitest's order keeps each project's files together; where each project's run begins in it.
    const projectStart = new Map<string, number>();
    byVitest.forEach((spec, index) => {
      if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, index);
    });
    return byVitest
      .map((spec, index) => ({ spec, key: [projectStart.get(spec.project.name)!, rankOf(spec), index] }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ spec }) => spec);
  }
}
