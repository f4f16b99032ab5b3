/**
 * The bench's browser side, in a process of its own (lighthouse.ts forks it): Chromium and Lighthouse's driver,
 * at the priority they were started with, while the bench's own process (the local runtime answering the page,
 * and the HTTPS edges serving it) runs below it. On a phone the page does not share its cores with Paylink's
 * servers; on this 2-core machine the runtime answering the dashboard's reads took the core the page's main
 * thread waited for (docs/decisions.md #292).
 *
 * Each run is Lighthouse in a Chromium of its own, as the Lighthouse CLI and Lighthouse CI measure (one browser,
 * one run): nothing a page or run before it left behind (its renderers, caches, background compiles) is in the
 * next one's measurement. A signed-in run signs in through /login in that browser first, as a person does, then
 * empties the HTTP cache: each run is a first visit's download with the session kept (disableStorageReset).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { UNSEEN_BROWSER_UI_FEATURES, browserUiPages, withFeaturesDisabled } from '../support/chromium-flags';
import { ownWorkBlockingTimeMs, type RunArtifacts } from './own-work-blocking-time';

/** What the bench's process asks for: `runs` runs of `url`, signed in through `signIn` first when given. */
export interface MeasureRequest {
  url: string;
  runs: number;
  signIn?: { loginUrl: string; email: string; password: string };
  /** Keep each run's report, trace and network log here, named `reportName` (else by the URL's path). */
  reportsDir?: string;
  reportName?: string;
  /** Add V8's sampling profile to the traces. */
  cpuProfile: boolean;
}

export type MeasureReply = { runs: MeasuredRun[] } | { error: string };
export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
/** One run's report, and its blocking time with each task as long as its CPU time (own-work-blocking-time.ts). */
export interface MeasuredRun {
  lhr: LighthouseResult;
  ownWorkTbtMs: number;
  fontCalls: FontCalls;
}

/**
 * The page's synchronous font calls, from the run's trace (its `fonts` category): Chromium on Linux asks the
 * browser process for each font family it matches by name and for each size's render style, and the layout that
 * needs the font waits on the answer, however busy that process is (docs/decisions.md #297). A family the
 * stylesheet names that the device lacks is one more call; the count moves only when the pages' fonts do.
 */
export interface FontCalls {
  calls: number;
  /** The families matched, in the order asked, with how often (`DejaVu Sans ×3`). */
  families: string[];
}

const FONT_CALLS = new Set([
  'FontDataManager::onMatchFamilyStyle',
  'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
]);

function fontCallsOf(trace: {
  traceEvents: { name: string; ph: string; args?: { family_name?: string } }[];
}): FontCalls {
  const calls = trace.traceEvents.filter((event) => event.ph === 'X' && FONT_CALLS.has(event.name));
  const families = new Map<string, number>();
  for (const { args } of calls) {
    if (args?.family_name) families.set(args.family_name, (families.get(args.family_name) ?? 0) + 1);
  }
  return {
    calls: calls.length,
    families: [...families].map(([family, times]) => (times > 1 ? `${family} ×${times}` : family)),
  };
}

/** Attempts at one run whose trace Chrome failed to record (RETRIED_ERRORS). */
const TRACE_ATTEMPTS = 3;
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

async function launchChrome() {
  return chromeLauncher.launch({
    // chrome-launcher's own flags with the address bar's popup switched off too: it loads in a renderer of its
    // own beside the page under test, for a window nobody sees (tests/support/chromium-flags.ts). Chromium keeps
    // one --disable-features switch, so the launcher's list and ours go in one.
    ignoreDefaultFlags: true,
    chromeFlags: [
      ...withFeaturesDisabled(chromeLauncher.Launcher.defaultFlags(), UNSEEN_BROWSER_UI_FEATURES),
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      // The edges' certificates are self-signed (https-edge.ts).
      '--ignore-certificate-errors',
    ],
  });
}

async function signInThrough(port: number, { loginUrl, email, password }: NonNullable<MeasureRequest['signIn']>) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(loginUrl, { waitUntil: 'networkidle0' });
    await page.locator('input[type=email], input[name=email]').fill(email);
    await page.locator('input[type=password]').fill(password);
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 }),
      page.locator('button[type=submit]').click(),
    ]);
    await page.close();
    // Kept storage keeps the HTTP cache too: empty it, so the run is a first visit's download.
    const blank = await browser.newPage();
    const devtools = await blank.createCDPSession();
    await devtools.send('Network.clearBrowserCache');
    await blank.close();
  } finally {
    await browser.disconnect();
  }
}

async function runOnce(request: MeasureRequest, run: number): Promise<MeasuredRun> {
  const chrome = await launchChrome();
  try {
    if (request.signIn) await signInThrough(chrome.port, request.signIn);
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(request.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(request.signIn),
        additionalTraceCategories: [
          'fonts',
          ...(request.cpuProfile ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ].join(','),
      });
      const error = result?.lhr.runtimeError;
      // A trace Chrome failed to record (NO_NAVSTART and the like, frequent on a busy machine) says nothing
      // about the page: Lighthouse's own advice is to run again.
      if (!error || !RETRIED_ERRORS.has(error.code) || attempt === TRACE_ATTEMPTS) break;
      console.log(`  Lighthouse ${request.url}: ${error.code}, running again`);
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${request.url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse ${request.url}: ${result.lhr.runtimeError.message}`);
    await refuseBrowserUiPages(chrome.port);
    if (request.reportsDir) keepReport(request.reportsDir, reportNameOf(request), run, result);
    const artifacts = result.artifacts as unknown as RunArtifacts;
    const ownWorkTbtMs = await ownWorkBlockingTimeMs(artifacts, result.lhr.configSettings);
    return { lhr: result.lhr, ownWorkTbtMs, fontCalls: fontCallsOf(artifacts.Trace) };
  } finally {
    chrome.kill();
  }
}

/**
 * Fails the run if Chromium opened pages of its own interface (CDP target type `browser_ui`) beside the page: they
 * load on the same cores while the page is measured, and the features that switch them off
 * (tests/support/chromium-flags.ts) no longer do, as after a Chromium upgrade that renames them. Asked after the
 * measurement, so the check costs the run nothing.
 */
async function refuseBrowserUiPages(port: number) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const devtools = await browser.target().createCDPSession();
    const { targetInfos } = await devtools.send('Target.getTargets');
    const browserUi = browserUiPages(targetInfos);
    if (browserUi.length > 0) {
      throw new Error(
        `Chromium opened its own pages beside the measured one (${browserUi.join(', ')}): switch them off in tests/support/chromium-flags.ts`,
      );
    }
  } finally {
    await browser.disconnect();
  }
}

function reportNameOf({ reportName, url }: MeasureRequest): string {
  return reportName ?? (new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root');
}

/** The run's report (<page>-<run>.json), its trace and its network log, what Lighthouse's simulation needs to be run again. */
function keepReport(
  dir: string,
  reportName: string,
  run: number,
  result: NonNullable<Awaited<ReturnType<typeof lighthouse>>>,
) {
  mkdirSync(dir, { recursive: true });
  const name = `${reportName}-${run + 1}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify(result.lhr));
  const { Trace, DevtoolsLog } = result.artifacts as { Trace?: unknown; DevtoolsLog?: unknown };
  if (Trace) writeFileSync(path.join(dir, name.replace(/\.json$/, '.trace.json')), JSON.stringify(Trace));
  if (DevtoolsLog)
    writeFileSync(path.join(dir, name.replace(/\.json$/, '.devtoolslog.json')), JSON.stringify(DevtoolsLog));
}

process.on('message', (request: MeasureRequest) => {
  void (async () => {
    let reply: MeasureReply;
    try {
      const runs: MeasuredRun[] = [];
      for (let run = 0; run < request.runs; run++) runs.push(await runOnce(request, run));
      reply = { runs };
    } catch (error) {
      reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    process.send?.(reply);
  })();
});
