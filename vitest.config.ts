import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { QUIET_AWS_SDK_ENV } from './infra/local/quiet-sdk-notices.js';
import { SlowFilesFirst } from './tests/support/slow-files-first.js';

// One vitest run covers unit, infra and integration; each project can also run alone
// (`npm run test:unit`…). Integration files each boot their own local runtime, so they run in
// separate forks.

/**
 * Two files at a time even on two cores (vitest's default there is one): a unit or infra file spends most of
 * its time importing (aws-cdk-lib, esbuild, the contracts) and a runtime file importing, booting its runtime
 * or waiting on its own requests, and the other core takes the next file meanwhile — on a busy two-core
 * machine the unit, contract and infra projects took 205 s at two against 340 s at one (docs/decisions.md
 * #72). Two runtimes can boot at the same moment because every server listens on port 0 and reports the port
 * it got (infra/local/ports.ts `anyPorts`); probing for free ports first let two forks take the same one
 * (EADDRINUSE). With more cores, one file per core but one, as by default.
 */
const FILES_AT_ONCE = Math.max(2, availableParallelism() - 1);
/**
 * Integration and chaos files boot a runtime each: they run as a group of their own, after the rest, one file
 * more at a time than the others. A runtime file spends part of its time waiting — on its runtime's servers, on
 * Stripe faults held for seconds, on killed runtimes coming back — and at two the group kept the two cores
 * about four fifths busy (460–500 CPU s where ~290 s offered 580); a third file takes that slack
 * (docs/decisions.md #264).
 */
const RUNTIME_FILES = { pool: 'forks', maxWorkers: FILES_AT_ONCE + 1, sequence: { groupOrder: 1 } } as const;
/**
 * The unit, contract and infra files run in one module cache per worker rather than a fresh one per file:
 * most of their time was importing the same modules again (aws-cdk-lib, esbuild, the catalogue), and shared,
 * the three projects took 29 s instead of 68 (docs/decisions.md #112). They hold no state between files: a
 * file that sets an environment variable or fakes the clock undoes it, and CI's file order and four random
 * orders (a seeded shuffling sequencer) passed alike. The runtime files keep their own process each.
 */
const SHARED_MODULES = { isolate: false } as const;

export default defineConfig({
  // @shared/…, @functions/… from tsconfig.json's paths, as in the build, tsx and the Lambda bundles.
  resolve: { tsconfigPaths: true },
  test: {
    // INFO and metric lines of thousands of requests would only slow the run and bury a failure's output:
    // tests assert on what they need, and tests/integration/observability.test.ts turns both on to read them.
    // Lambda's asynchronous retries (a minute, then two) at 1/1000: 60 and 120 ms, so a failing consumer
    // reaches its dead letters within a test's wait.
    env: {
      ...QUIET_AWS_SDK_ENV,
      POWERTOOLS_LOG_LEVEL: 'WARN',
      POWERTOOLS_METRICS_DISABLED: 'true',
      PAYLINK_RETRY_DELAY_SCALE: '0.001',
    },
    // CI runs the projects in two parts, each with its own report (.ci/run); .ci/summarize-tests.mjs adds them up.
    reporters: ['default', ['json', { outputFile: process.env.PAYLINK_VITEST_REPORT ?? 'test-results/vitest.json' }]],
    maxWorkers: FILES_AT_ONCE,
    // The slowest files start first in their project, even with no timings from an earlier run (CI).
    sequence: { sequencer: SlowFilesFirst },
    // Each project extends this root config: the aliases above and the environment.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', ...SHARED_MODULES },
      },
      {
        // Tests of the codebase itself: the import rules refuse what they should, the docs agree with the code.
        extends: true,
        test: { name: 'codebase', include: ['tests/codebase/**/*.test.ts'], environment: 'node', ...SHARED_MODULES },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node', ...SHARED_MODULES },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          ...RUNTIME_FILES,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The reliability suite: each file boots its own runtime; `npm run test:chaos` alone.
        extends: true,
        test: {
          name: 'chaos',
          include: ['tests/chaos/**/*.test.ts'],
          ...RUNTIME_FILES,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
