/**
 * `npm run replay-dead-letters`: re-drives the local bus's dead letters (`.data/dead-letters/`) through
 * the consumers that failed them, and removes those that now succeed.
 *
 * The consumers need the runtime around them (tables, secrets, the Stripe sandbox, the bus), so the
 * replay runs where that is: if `npm start` is running, it asks that runtime, through its bus port, to
 * replay (`Paylink.ReplayDeadLetters`); if not, it boots the runtime on the same data, replays, and stops it.
 */
import path from 'node:path';
import type { FunctionSpec } from '@functions/function-spec';
import { REPLAY_DEAD_LETTERS_TARGET, type ReplayResult } from './event-bus';
import { LOOPBACK, configuredPorts, type Ports } from './ports';
import { quietAwsSdkNotices } from './quiet-sdk-notices';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_DATA_DIRECTORY = path.join(REPO_ROOT, '.data');

/** Asks a running runtime's bus to replay; undefined when nothing listens on that port. */
export async function replayThroughRunningBus(busEndpoint: string): Promise<ReplayResult | undefined> {
  let response: Response;
  try {
    response = await fetch(busEndpoint, {
      method: 'POST',
      headers: { 'x-amz-target': REPLAY_DEAD_LETTERS_TARGET, 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });
  } catch {
    return undefined;
  }
  const body = (await response.json()) as ReplayResult & { message?: string };
  if (!response.ok) throw new Error(`The running bus could not replay: ${body.message ?? response.status}`);
  return body;
}

export async function replayLocalDeadLetters(
  options: {
    ports?: Ports;
    dataDirectory?: string;
    functions?: readonly FunctionSpec[];
    log?: (line: string) => void;
  } = {},
): Promise<ReplayResult & { via: 'running runtime' | 'booted runtime' }> {
  const ports = options.ports ?? configuredPorts();
  // A bus port of 0 (a test's "any port") names no running runtime: boot one.
  const viaRunning =
    ports.eventBus === 0 ? undefined : await replayThroughRunningBus(`http://${LOOPBACK}:${ports.eventBus}`);
  if (viaRunning) return { ...viaRunning, via: 'running runtime' };

  quietAwsSdkNotices();
  // Loaded after the notices are quieted, as start.ts does: cognito-local pulls in the v2 SDK, which prints on load.
  const { startLocalRuntime } = await import('./runtime');
  const runtime = await startLocalRuntime({
    ports,
    dataDirectory: options.dataDirectory ?? DEFAULT_DATA_DIRECTORY,
    functions: options.functions,
    log: options.log,
  });
  try {
    runtime.scheduler.stop();
    const result = await runtime.bus.replayDeadLetters();
    // What the replayed consumers put on the bus is delivered before the runtime stops.
    await runtime.bus.settled();
    return { ...result, via: 'booted runtime' };
  } finally {
    await runtime.stop();
  }
}

async function main() {
  const log = (line: string) => console.log(`  ${line}`);
  const result = await replayLocalDeadLetters({ log });
  console.log(
    `  Dead letters (${result.via}): ${result.replayed} replayed and removed, ${result.failed} failed again` +
      (result.unknownFunction ? `, ${result.unknownFunction} for functions no longer in the catalogue` : '') +
      ' (kept under .data/dead-letters/)',
  );
  process.exitCode = result.failed + result.unknownFunction > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
