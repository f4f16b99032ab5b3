import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import {
  PLAYWRIGHT_DISABLED_FEATURES,
  UNSEEN_BROWSER_UI_FEATURES,
  disableFeaturesSwitch,
} from '../support/chromium-flags';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the built SPA served by the
 * local runtime's gateway, which global-setup boots once for the run.
 */
// The runtime global-setup boots logs every request at INFO and writes a metric line per business event;
// the browser tests read none of it.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// Lambda's asynchronous retry delays (a minute, then two) at 1/1000, as in the vitest runs.
process.env.PAYLINK_RETRY_DELAY_SCALE ??= '0.001';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  globalSetup: './global-setup.ts',
  // One worker more than the machine has cores (three on the 2-core machine): the runtime boots once
  // (global-setup) and every spec makes its own merchants, payers and mail addresses, so files run side by
  // side. A test waits on its page's answers, animations and mail: at two workers the suite left about a fifth
  // of the two cores idle (~660 CPU s, Chromium's included, in a 7-minute run), which a third worker fills
  // (docs/decisions.md #107, #264). PAYLINK_E2E_WORKERS=1 runs one file at a time.
  workers: Number(process.env.PAYLINK_E2E_WORKERS ?? availableParallelism() + 1),
  // A stray test.only would quietly skip the rest of the suite on CI.
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no internet: keep Chromium from trying to phone home at every start.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Nor start the address bar's popup in every window, which no headless test sees: a fifth of the suite's
        // CPU (tests/support/chromium-flags.ts). Chromium keeps the last of these switches only, so it names
        // Playwright's own list too.
        disableFeaturesSwitch(...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI_FEATURES),
      ],
    },
    // A failed test keeps its trace: each action with the page's DOM before and after it, the network and the
    // console. Not the trace's film of screenshots: encoding a frame whenever the page paints was a quarter of
    // the browser tests' CPU (Chromium's GPU process 28 s → 6 s, its browser process 25 → 18 s on three spec
    // files; docs/decisions.md #112), and the DOM snapshots show the same screens, inspectable.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    // A test tagged @phone-only sets a phone's viewport itself: the phone project's run (with touch and a
    // phone's user agent) is the same journey and more, so the desktop project skips it (docs/decisions.md
    // #107).
    { name: 'desktop', grepInvert: /@phone-only/ },
    {
      // Payers and the consumer demo are on phones: their journeys again with a phone's viewport and touch;
      // so is a new merchant's first hour (first-hour.spec.ts sets 390 px, the narrowest phone we design for).
      // A test tagged @desktop-only runs once: nothing in it differs on a phone (its screenshots and axe
      // already cover 390 px, or it opens its own browser), so a second run would only repeat it
      // (docs/decisions.md #72).
      name: 'phone',
      testMatch: ['payer.spec.ts', 'consumer.spec.ts', 'first-hour.spec.ts'],
      grepInvert: /@desktop-only/,
      use: {
        viewport: devices['Pixel 7'].viewport,
        deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
});
