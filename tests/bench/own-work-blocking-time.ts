/**
 * Lighthouse's Total Blocking Time computed again from one run's own trace and network log, with each of the
 * page's main-thread tasks as long as the CPU time it used (the trace's `tdur`) instead of its wall time.
 *
 * Lighthouse's simulation counts a task's wall time four times over. On this machine's two cores a task's wall
 * time is also the time it waited: for a core (Chromium's browser and compositor threads, the tracing Lighthouse
 * drives, the local servers) and for the browser's answer to a synchronous call (storage, fonts). The figure
 * this computes is the part that is the page's own work: a page whose every task is short in CPU scores 0 here
 * however busy the machine was, and a change that makes a task longer shows here whatever the machine's load.
 * The difference between the two figures is the machine's, not the page's.
 */
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { ProcessedTrace } from 'lighthouse/core/computed/processed-trace.js';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** What one Lighthouse run leaves behind that its simulation reads. */
export interface RunArtifacts {
  Trace: { traceEvents: TraceEvent[] };
  DevtoolsLog: unknown;
  URL: unknown;
}

export async function ownWorkBlockingTimeMs(artifacts: RunArtifacts, settings: unknown): Promise<number> {
  // The run's own artifacts are kept as they are (the reports); this works on a copy.
  const trace = structuredClone(artifacts.Trace);
  const processed = await ProcessedTrace.request(trace as never, { computedCache: new Map() } as never);
  const { pid, tid } = processed.mainThreadEvents[0] as unknown as TraceEvent;
  const mainThread = trace.traceEvents
    .filter((event) => event.pid === pid && event.tid === tid)
    .sort((a, b) => a.ts - b.ts);
  // Each task shrinks to its CPU time, and everything inside it with it, so its events stay nested as the
  // simulation expects. Top-level tasks do not overlap: one pass in time order.
  let start = 0;
  let end = -1;
  let scale = 1;
  for (const event of mainThread) {
    if (event.name === 'RunTask' && event.ph === 'X' && event.dur && event.tdur !== undefined && event.ts > end) {
      start = event.ts;
      end = event.ts + event.dur;
      scale = Math.min(1, event.tdur / event.dur);
      event.dur *= scale;
    } else if (event.ts >= start && event.ts <= end) {
      event.ts = start + (event.ts - start) * scale;
      if (event.dur !== undefined) event.dur *= scale;
    }
  }
  const blocking = await LanternTotalBlockingTime.request(
    {
      trace,
      devtoolsLog: artifacts.DevtoolsLog,
      URL: artifacts.URL,
      settings,
      gatherContext: { gatherMode: 'navigation' },
      simulator: null,
      SourceMaps: [],
    } as never,
    { computedCache: new Map() } as never,
  );
  return Math.round(blocking.timing);
}
