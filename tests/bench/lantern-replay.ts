/**
 * Lighthouse's simulated FCP and LCP (lantern) again, from one kept run (PAYLINK_BENCH_LIGHTHOUSE_REPORTS keeps the
 * report, the trace and the network log): `npx tsx tests/bench/lantern-replay.ts <folder>/dashboard-1`. Prints
 * each node of the optimistic LCP graph with its simulated start and end — which requests and tasks the score's
 * LCP waited for, in order. What the report alone cannot say: it gives the totals, not the chain.
 *
 * `--less-js=<bytes>` asks what the same load would have scored with that many fewer bytes of script: it shrinks every
 * script response in the network log by one factor before simulating (the trace's tasks stay as they were). Over
 * HTTP/2 lantern puts one origin on one connection, whose window carries ~30 KB per simulated round trip at mobile
 * throttling, so the simulated LCP moves in steps of a round trip (150 ms), not smoothly.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface GraphNode {
  type: string;
  duration?: number;
  request?: { url: string; transferSize: number };
  record?: { url: string; transferSize: number };
}
type Timings = Map<GraphNode, { startTime: number; endTime: number }>;

const USAGE = 'Usage: tsx tests/bench/lantern-replay.ts <reports folder>/<page>-<run> [--less-js=<bytes>]';
const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'less-js': { type: 'string' } } });
const base = positionals[0];
if (!base) throw new Error(USAGE);
const lessScriptBytes = Number(values['less-js'] ?? 0);
if (!Number.isInteger(lessScriptBytes) || lessScriptBytes < 0) throw new Error(`--less-js takes whole bytes. ${USAGE}`);
const read = (suffix: string) => JSON.parse(readFileSync(`${base}${suffix}`, 'utf8')) as unknown;
const lhr = read('.json') as {
  configSettings: unknown;
  requestedUrl: string;
  mainDocumentUrl: string;
  finalDisplayedUrl: string;
};
const data = {
  trace: read('.trace.json'),
  devtoolsLog: withLessScript(read('.devtoolslog.json') as DevtoolsEvent[], lessScriptBytes),
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
const what = lessScriptBytes ? ` with ${lessScriptBytes} B less script` : '';
console.log(`FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms (simulated${what})`);
const timings = (lcp.optimisticEstimate as unknown as { nodeTimings: Timings }).nodeTimings;
for (const [node, { startTime, endTime }] of [...timings].sort((a, b) => a[1].startTime - b[1].startTime)) {
  if (endTime === startTime) continue; // carried in another request's round trip
  const request = node.request ?? node.record;
  const what = request
    ? `${request.url.replace(/^https?:\/\/[^/]+/, '')} (${request.transferSize} B)`
    : `main-thread task (${Math.round((node.duration ?? 0) / 1000)} ms observed)`;
  console.log(`${String(Math.round(startTime)).padStart(6)} ${String(Math.round(endTime)).padStart(6)}  ${what}`);
}

interface DevtoolsEvent {
  method: string;
  params: { requestId?: string; type?: string; encodedDataLength?: number };
}

/** The network log with its script responses' bytes on the wire scaled down, together, by `bytes`. */
function withLessScript(log: DevtoolsEvent[], bytes: number): DevtoolsEvent[] {
  if (!bytes) return log;
  const scripts = new Set(
    log
      .filter((e) => e.method === 'Network.responseReceived' && e.params.type === 'Script')
      .map((e) => e.params.requestId),
  );
  const finished = log.filter((e) => e.method === 'Network.loadingFinished' && scripts.has(e.params.requestId));
  const total = finished.reduce((sum, e) => sum + (e.params.encodedDataLength ?? 0), 0);
  if (bytes >= total) throw new Error(`--less-js=${bytes}: the load's scripts are ${total} B in all.`);
  const factor = 1 - bytes / total;
  return log.map((e) =>
    (e.method === 'Network.loadingFinished' || e.method === 'Network.dataReceived') && scripts.has(e.params.requestId)
      ? { ...e, params: { ...e.params, encodedDataLength: Math.round((e.params.encodedDataLength ?? 0) * factor) } }
      : e,
  );
}
