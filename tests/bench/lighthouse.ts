/**
 * Lighthouse: mobile form factor and simulated throttling (Lighthouse's defaults), over
 * HTTPS and HTTP/2 as CloudFront serves the site (each origin through a local edge, https-edge.ts), the
 * median of 3 runs by Lighthouse's own computeMedianRun, in the system's Chromium (chrome-launcher finds it,
 * or CHROME_PATH names it; nothing downloads a browser). Signed-in pages: puppeteer-core signs in through
 * /login as a person does, and Lighthouse runs with disableStorageReset so Amplify's session stays (the HTTP
 * cache is still emptied before each run).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { startHttpsEdge, type HttpsEdge } from './https-edge';

export const LIGHTHOUSE_RUNS = 3;
/**
 * PAYLINK_BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's whole Lighthouse report there (<page>-<run>.json),
 * its trace (<page>-<run>.trace.json), to see which tasks made a run's blocking time, and its network log
 * (<page>-<run>.devtoolslog.json), to run Lighthouse's simulation of the same load again.
 */
const REPORTS_DIR = process.env.PAYLINK_BENCH_LIGHTHOUSE_REPORTS;
/** PAYLINK_BENCH_LIGHTHOUSE_CPU_PROFILE=1 adds V8's sampling profile to those traces (which functions ran), at some cost to the timings. */
const CPU_PROFILE = process.env.PAYLINK_BENCH_LIGHTHOUSE_CPU_PROFILE === '1';
/** Attempts at one run whose trace Chrome failed to record (RETRIED_ERRORS). */
const TRACE_ATTEMPTS = 3;
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  totalBytes: number;
  requests: number;
  /**
   * The paints as the browser recorded them, unthrottled: LCP − FCP is 0 when the largest element painted in
   * the first frame, whatever the machine's load (the simulated figures above vary with it).
   */
  observedFcpMs: number;
  observedLcpMs: number;
  /** The largest element, as Lighthouse names it (`p.max-w-xl`…), so a regression names its cause. */
  lcpElement: string;
  /** LCP after the first byte (Lighthouse's "Render Delay" for a text element): the time its text waited. */
  lcpRenderDelayMs: number;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The largest element and its phases, from the `largest-contentful-paint-element` audit's two tables. */
function lcpElementOf(lhr: LighthouseResult): { lcpElement: string; lcpRenderDelayMs: number } {
  type Table = { items?: { node?: { selector?: string; snippet?: string }; phase?: string; timing?: number }[] };
  const tables = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined)?.items;
  const node = tables?.[0]?.items?.[0]?.node;
  const renderDelay = tables?.[1]?.items?.find((item) => item.phase === 'Render Delay')?.timing;
  // The selector's last step is the element itself; the snippet's tag says what it is when there is none.
  const selector = node?.selector?.split('>').at(-1)?.trim();
  return {
    lcpElement: selector ?? node?.snippet?.slice(0, 40) ?? 'none',
    lcpRenderDelayMs: Math.round(renderDelay ?? Number.NaN),
  };
}

function figuresOf(lhr: LighthouseResult): LighthouseFigures {
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length;
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  return {
    observedFcpMs: Math.round(observed?.observedFirstContentfulPaint ?? Number.NaN),
    observedLcpMs: Math.round(observed?.observedLargestContentfulPaint ?? Number.NaN),
    ...lcpElementOf(lhr),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    totalBytes: numeric('total-byte-weight'),
    requests: requests ?? 0,
  };
}

export interface LighthouseSession {
  /** Median of LIGHTHOUSE_RUNS runs of `url`. */
  measure(url: string, options?: { keepStorage?: boolean }): Promise<LighthouseFigures>;
  /** Signs in through `loginUrl` in the same browser, so later `keepStorage` runs see the session. */
  signIn(loginUrl: string, credentials: { email: string; password: string }): Promise<void>;
  close(): Promise<void>;
}

export async function startLighthouse(): Promise<LighthouseSession> {
  const chrome = await chromeLauncher.launch({
    // The edges' certificates are self-signed (https-edge.ts).
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--ignore-certificate-errors',
    ],
  });
  // Each origin is measured through its own HTTPS + HTTP/2 edge, as CloudFront serves the site.
  const edges = new Map<string, Promise<HttpsEdge>>();
  const throughEdge = async (address: string) => {
    const url = new URL(address);
    let edge = edges.get(url.origin);
    if (!edge) edges.set(url.origin, (edge = startHttpsEdge(url.origin)));
    return `${(await edge).url}${url.pathname}${url.search}`;
  };
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const clearHttpCache = async () => {
    const page = await browser.newPage();
    const devtools = await page.createCDPSession();
    await devtools.send('Network.clearBrowserCache');
    await page.close();
  };
  return {
    async measure(url, { keepStorage = false } = {}) {
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        // Lighthouse's storage reset also empties the HTTP cache; kept storage (a signed-in session) would keep
        // the cache too and measure a return visit. Empty it here: every run is a first visit's download.
        if (keepStorage) await clearHttpCache();
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(await throughEdge(url), {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: keepStorage,
            ...(CPU_PROFILE && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
          });
          const error = result?.lhr.runtimeError;
          // A trace Chrome failed to record (NO_NAVSTART and the like, frequent on a busy machine) says
          // nothing about the page: Lighthouse's own advice is to run again.
          if (!error || !RETRIED_ERRORS.has(error.code) || attempt === TRACE_ATTEMPTS) break;
          console.log(`  Lighthouse ${url}: ${error.code}, running again`);
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
        if (REPORTS_DIR) {
          mkdirSync(REPORTS_DIR, { recursive: true });
          const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${run + 1}.json`;
          writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(result.lhr));
          // The run's trace beside it: the main thread's tasks, to open in DevTools' Performance panel.
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace)
            writeFileSync(path.join(REPORTS_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
          // And its network log: with the trace, what Lighthouse's simulation (lantern) needs to be run again offline.
          const devtoolsLog = (result.artifacts as { DevtoolsLog?: unknown }).DevtoolsLog;
          if (devtoolsLog)
            writeFileSync(
              path.join(REPORTS_DIR, name.replace(/\.json$/, '.devtoolslog.json')),
              JSON.stringify(devtoolsLog),
            );
        }
      }
      return figuresOf(computeMedianRun(runs) as LighthouseResult);
    },
    async signIn(loginUrl, { email, password }) {
      const page = await browser.newPage();
      await page.goto(await throughEdge(loginUrl), { waitUntil: 'networkidle0' });
      await page.locator('input[type=email], input[name=email]').fill(email);
      await page.locator('input[type=password]').fill(password);
      await Promise.all([
        page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 }),
        page.locator('button[type=submit]').click(),
      ]);
      await page.close();
    },
    async close() {
      await browser.disconnect();
      chrome.kill();
      await Promise.all([...edges.values()].map(async (edge) => (await edge).stop()));
    },
  };
}

/**
 * The floor: a bare React + Vite page (one component rendering a heading), built with this repository's react,
 * react-dom, vite and @vitejs/plugin-react into a scratch folder under node_modules/.cache (so the packages
 * resolve from the repository's node_modules). Returns the built folder.
 */
export async function buildBareReactPage(): Promise<string> {
  const root = path.resolve(import.meta.dirname, '../../node_modules/.cache/paylink-bench-bare-react');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>Bare React</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>`,
  );
  writeFileSync(
    path.join(root, 'src/main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
function App() { return <main><h1>Hello from React</h1><p>The floor: a bare React + Vite page.</p></main>; }
createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`,
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = path.join(root, 'dist');
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  return outDir;
}
