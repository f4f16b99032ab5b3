/**
 * Runs catalogue functions in this process, the way Lambda would: loads the entry module once and
 * calls its `handler(event, context)`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_TIMEOUT_SECONDS, type FunctionSpec } from '@functions/function-spec';
import { activeMeters } from './meter';

export type Handler = (event: unknown, context: unknown) => Promise<unknown>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const loaded = new Map<string, Promise<Handler>>();
/**
 * Functions that run elsewhere than from their `entry` in this process: the assembly runtime's, each in its
 * worker (infra/local/assembly/function-workers.ts). Keyed by the descriptor itself, so the gateway, bus,
 * scheduler and Cognito invoke them exactly as they invoke a catalogue function.
 */
const invokers = new Map<FunctionSpec, Handler>();

/** Runs `fn` through `invoker` instead of importing its entry; the returned function undoes it. */
export function registerInvoker(fn: FunctionSpec, invoker: Handler): () => void {
  invokers.set(fn, invoker);
  return () => {
    if (invokers.get(fn) === invoker) invokers.delete(fn);
  };
}

/** Lambda's context, its remaining time counted from the call over the function's configured timeout. */
function lambdaContext(fn: FunctionSpec) {
  const deadline = Date.now() + (fn.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  return {
    functionName: `paylink-${fn.name}`,
    functionVersion: '$LATEST',
    awsRequestId: crypto.randomUUID(),
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}

export function loadHandler(fn: FunctionSpec): Promise<Handler> {
  let handler = loaded.get(fn.entry);
  if (!handler) {
    handler = import(pathToFileURL(path.join(REPO_ROOT, fn.entry)).href).then((module) => {
      if (typeof module.handler !== 'function') throw new Error(`${fn.entry} exports no handler`);
      return module.handler as Handler;
    });
    loaded.set(fn.entry, handler);
  }
  return handler;
}

export async function invoke(fn: FunctionSpec, event: unknown): Promise<unknown> {
  const handler = invokers.get(fn) ?? (await loadHandler(fn));
  // Timed from the handler's call to its answer, as Lambda bills duration (the module's load is the init
  // phase, which Lambda does not bill for managed runtimes); meter.ts keeps the figures.
  const started = performance.now();
  let ok = false;
  try {
    const result = await handler(event, lambdaContext(fn));
    ok = true;
    return result;
  } finally {
    const durationMs = performance.now() - started;
    for (const meter of activeMeters()) meter.recordInvocation(fn.name, event, durationMs, ok);
  }
}
