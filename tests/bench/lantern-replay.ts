/**
 * Lighthouse's simulated FCP and LCP (lantern) again, from one kept run (PAYLINK_BENCH_LIGHTHOUSE_REPORTS keeps the
 * report, the trace and the network log): `npx tsx tests/bench/lantern-replay.ts <folder>/dashboard-1`. Prints
 * each node of the optimistic LCP graph with its simulated start and end — which requests and tasks the score's
 * LCP waited for, in order. What the report alone cannot say: it gives the totals, not the chain.
 */
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface GraphNode {
  type: string;
  duration?: number;
  request?: { url: string; transferSize: number };
  record?: { url: string; transferSize: number };
}
type Timings = Map<GraphNode, { startTime: number; endTime: number }>;

const base = process.argv[2];
if (!base) throw new Error('Usage: tsx tests/bench/lantern-replay.ts <reports folder>/<page>-<run>');
const read = (suffix: string) => JSON.parse(readFileSync(`${base}${suffix}`, 'utf8')) as unknown;
const lhr = read('.json') as {
  configSettings: unknown;
  requestedUrl: string;
  mainDocumentUrl: string;
  finalDisplayedUrl: string;
};
const data = {
  trace: read('.trace.json'),
  devtoolsLog: read('.devtoolslog.json'),
  gatherContext: { gatherMode: 'navigation' },
  settings: lhr.configSettings,
  URL: {
    requestedUrl: lhr.requestedUrl,
    mainDocumentUrl: lhr.mainDocumentUrl,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
  },
  SourceMaps: [],
  simulator: null,
};
const context = { computedCache: new Map() };
// Lighthouse's computed artifacts take loosely typed inputs; these are the ones its own audits pass.
const fcp = await LanternFirstContentfulPaint.request(data as never, context as never);
const lcp = await LanternLargestContentfulPaint.request(data as never, context as never);
console.log(`FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms (simulated)`);
const timings = (lcp.optimisticEstimate as unknown as { nodeTimings: Timings }).nodeTimings;
for (const [node, { startTime, endTime }] of [...timings].sort((a, b) => a[1].startTime - b[1].startTime)) {
  if (endTime === startTime) continue; // carried in another request's round trip
  const request = node.request ?? node.record;
  const what = request
    ? `${request.url.replace(/^https?:\/\/[^/]+/, '')} (${request.transferSize} B)`
    : `main-thread task (${Math.round((node.duration ?? 0) / 1000)} ms observed)`;
  console.log(`${String(Math.round(startTime)).padStart(6)} ${String(Math.round(endTime)).padStart(6)}  ${what}`);
}
