// Prints the one closing line CI counts — "N passed, N failed" — summed over the JSON reports of
// every runner `npm test` ran (vitest and Playwright write them under test-results/).
import { existsSync, readFileSync, readdirSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

// One report per vitest run: CI runs some projects beside the checks (vitest-early.json), the rest later.
const vitestReports = existsSync('test-results')
  ? readdirSync('test-results')
      .filter((file) => /^vitest.*\.json$/.test(file))
      .map((file) => `test-results/${file}`)
  : [];
for (const vitestReport of vitestReports) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed to load has no tests in it but is a failure all the same.
  failed += (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults?.length === 0,
  ).length;
}

const playwrightReport = 'test-results/playwright.json';
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
