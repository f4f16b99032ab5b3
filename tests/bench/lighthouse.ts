/**
 * Lighthouse: mobile form factor and simulated throttling (Lighthouse's defaults), over HTTPS and HTTP/2 as
 * CloudFront serves the site (each origin through a local edge, https-edge.ts), the median of 3 runs by
 * Lighthouse's own computeMedianRun, in the system's Chromium (chrome-launcher finds it, or CHROME_PATH names it;
 * nothing downloads a browser). The browser side runs in a process of its own, a fresh Chromium per run, above
 * this process's priority (lighthouse-browser.ts). Signed-in pages: each run signs in through /login as a person
 * does, and Lighthouse runs with disableStorageReset so Amplify's session stays (the HTTP cache is still emptied).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import path from 'node:path';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { FontCalls, LighthouseResult, MeasuredRun, MeasureReply, MeasureRequest } from './lighthouse-browser';
import { startHttpsEdge, type HttpsEdge } from './https-edge';
import { setProcessPriority } from './process-priority';

export const LIGHTHOUSE_RUNS = 3;
/**
 * PAYLINK_BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's whole Lighthouse report there (<page>-<run>.json),
 * its trace (<page>-<run>.trace.json), to see which tasks made a run's blocking time, and its network log
 * (<page>-<run>.devtoolslog.json), to run Lighthouse's simulation of the same load again (lantern-replay.ts).
 */
const REPORTS_DIR = process.env.PAYLINK_BENCH_LIGHTHOUSE_REPORTS;
/** PAYLINK_BENCH_LIGHTHOUSE_CPU_PROFILE=1 adds V8's sampling profile to those traces (which functions ran), at some cost to the timings. */
const CPU_PROFILE = process.env.PAYLINK_BENCH_LIGHTHOUSE_CPU_PROFILE === '1';
/**
 * The nice value every thread of this process (the local runtime and the edges: the servers) takes while
 * Lighthouse measures, above the browser's 0: the page's main thread gets a core before they do
 * (docs/decisions.md #292, #299).
 */
const SERVERS_NICE = 10;

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
  /**
   * The median run's TBT again with each of the page's tasks as long as its CPU time (own-work-blocking-time.ts):
   * the page's own share of `tbtMs`; the rest is the time its tasks waited on this machine.
   */
  ownWorkTbtMs: number;
  /** The median run's synchronous font calls (lighthouse-browser.ts `FontCalls`). */
  fontCalls: FontCalls;
  /** Every run's score, in run order: how far the median could have moved on this machine at that time. */
  runScores: number[];
  /**
   * Lighthouse's measure of this machine's speed during the runs (lowest, highest): its simulation scales nothing
   * by it, so a slower stretch of the same machine shows as longer tasks and more blocking time.
   */
  benchmarkIndex: [number, number];
}

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

function figuresOf({ lhr, ownWorkTbtMs, fontCalls }: MeasuredRun, runs: LighthouseResult[]): LighthouseFigures {
  const indexes = runs.map((run) => Math.round(run.environment.benchmarkIndex));
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
    ownWorkTbtMs,
    fontCalls,
    runScores: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
    benchmarkIndex: [Math.min(...indexes), Math.max(...indexes)],
  };
}

export interface LighthouseSession {
  /**
   * Median of LIGHTHOUSE_RUNS runs of `url`, each signed in through `signIn` first when given; kept reports are
   * named `reportName` (else by the URL's path).
   */
  measure(
    url: string,
    options?: {
      signIn?: { loginUrl: string; credentials: { email: string; password: string } };
      reportName?: string;
    },
  ): Promise<LighthouseFigures>;
  close(): Promise<void>;
}

export async function startLighthouse(): Promise<LighthouseSession> {
  // Forked at this process's priority, before it lowers its own: Chromium and Lighthouse keep it.
  const browserSide: ChildProcess = fork(path.join(import.meta.dirname, 'lighthouse-browser.ts'));
  const priorityBefore = getPriority();
  setProcessPriority(Math.max(priorityBefore, SERVERS_NICE));
  // Each origin is measured through its own HTTPS + HTTP/2 edge, as CloudFront serves the site.
  const edges = new Map<string, Promise<HttpsEdge>>();
  const throughEdge = async (address: string) => {
    const url = new URL(address);
    let edge = edges.get(url.origin);
    if (!edge) edges.set(url.origin, (edge = startHttpsEdge(url.origin)));
    return `${(await edge).url}${url.pathname}${url.search}`;
  };
  const ask = (request: MeasureRequest) =>
    new Promise<MeasuredRun[]>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`The bench's browser side exited (${code})`));
      browserSide.once('exit', onExit);
      browserSide.once('message', (reply: MeasureReply) => {
        browserSide.off('exit', onExit);
        if ('error' in reply) reject(new Error(reply.error));
        else resolve(reply.runs);
      });
      browserSide.send(request);
    });
  return {
    async measure(url, { signIn, reportName } = {}) {
      const runs = await ask({
        url: await throughEdge(url),
        runs: LIGHTHOUSE_RUNS,
        ...(signIn && { signIn: { loginUrl: await throughEdge(signIn.loginUrl), ...signIn.credentials } }),
        reportsDir: REPORTS_DIR,
        reportName,
        cpuProfile: CPU_PROFILE,
      });
      const results = runs.map((run) => run.lhr) as LighthouseResult[];
      const median = computeMedianRun(results) as LighthouseResult;
      // computeMedianRun hands back one of the reports it was given: the run it belongs to has the rest.
      const medianRun = runs[results.indexOf(median)];
      if (!medianRun) throw new Error(`Lighthouse's median run of ${url} is none of its runs`);
      return figuresOf(medianRun, results);
    },
    async close() {
      browserSide.kill();
      await Promise.all([...edges.values()].map(async (edge) => (await edge).stop()));
      // Back to where it was, for the sections after Lighthouse; raising a priority needs the privilege to.
      try {
        setProcessPriority(priorityBefore);
      } catch {
        console.log(`  (this process stays at nice ${SERVERS_NICE}: raising it back needs CAP_SYS_NICE)`);
      }
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
