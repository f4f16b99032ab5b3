/**
 * The assembly's Lambda functions, each in a worker thread of its own (lambda-worker.ts): made at the
 * function's first invocation with that function's environment (a cold start), kept for the next ones (a
 * warm Lambda), and thrown away when an invocation times out or the worker crashes, as Lambda throws away
 * the execution environment; the next invocation starts a new one.
 *
 * One worker per function, and invocations that overlap share it (Lambda would start a second
 * environment); functions are written to be safe either way.
 */
import { Worker } from 'node:worker_threads';
import type { InvokeAnswer, InvokeMessage, LambdaWorkerSetup } from './lambda-worker';

const WORKER_SCRIPT = new URL('./lambda-worker.ts', import.meta.url);
/** Lambda's limit on a function's init phase (its first load), apart from the function's own timeout. */
const INIT_LIMIT_MS = 10_000;

export interface WorkerFunction {
  /** The function's logical id in its template (what names it here and to the IAM gate). */
  logicalId: string;
  functionName: string;
  moduleFile: string;
  exportName: string;
  environment: Record<string, string>;
  timeoutSeconds: number;
  memoryMb: number;
}

/** An invocation that failed: the handler's own error, a timeout, or a crashed environment. */
export class FunctionError extends Error {
  constructor(
    readonly functionName: string,
    readonly errorType: string,
    message: string,
    stack?: string,
  ) {
    super(message);
    this.name = errorType;
    if (stack) this.stack = stack;
  }
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** Once the handler is called: from then the function's timeout runs. */
  onStarted(): void;
}

export interface FunctionWorkers {
  invoke(logicalId: string, event: unknown): Promise<unknown>;
  /** How many environments each function has started (its cold starts). */
  coldStarts: Map<string, number>;
  /** Ends every environment; the next invocation of each starts a new one (with its environment as it is then). */
  recycle(): void;
  stop(): Promise<void>;
}

export function startFunctionWorkers(options: {
  functions: readonly WorkerFunction[];
  hostRedirects: LambdaWorkerSetup['hostRedirects'];
}): FunctionWorkers {
  const byId = new Map(options.functions.map((fn) => [fn.logicalId, fn]));
  const workers = new Map<string, { worker: Worker; pending: Map<number, Pending> }>();
  const coldStarts = new Map<string, number>();
  let nextId = 1;
  let stopped = false;

  function discard(logicalId: string, reason: Error) {
    const entry = workers.get(logicalId);
    if (!entry) return;
    workers.delete(logicalId);
    for (const pending of entry.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(reason);
    }
    entry.pending.clear();
    void entry.worker.terminate();
  }

  function workerFor(fn: WorkerFunction) {
    const existing = workers.get(fn.logicalId);
    if (existing) return existing;
    const setup: LambdaWorkerSetup = {
      moduleFile: fn.moduleFile,
      exportName: fn.exportName,
      functionName: fn.functionName,
      memoryMb: fn.memoryMb,
      hostRedirects: options.hostRedirects,
    };
    // No loader flags from this process (tsx's, vitest's): the bundle runs on plain Node, as on Lambda.
    const worker = new Worker(WORKER_SCRIPT, { workerData: setup, env: fn.environment, execArgv: [] });
    worker.unref();
    const entry = { worker, pending: new Map<number, Pending>() };
    workers.set(fn.logicalId, entry);
    coldStarts.set(fn.logicalId, (coldStarts.get(fn.logicalId) ?? 0) + 1);
    worker.on('message', (answer: InvokeAnswer) => {
      const pending = entry.pending.get(answer.id);
      if (!pending) return;
      if ('started' in answer) return pending.onStarted();
      entry.pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (answer.ok) pending.resolve(answer.result);
      else
        pending.reject(new FunctionError(fn.functionName, answer.error.name, answer.error.message, answer.error.stack));
    });
    worker.on('error', (error) => {
      if (workers.get(fn.logicalId) !== entry) return;
      discard(
        fn.logicalId,
        new FunctionError(fn.functionName, 'Runtime.ExitError', `${fn.functionName}: ${error.message}`),
      );
    });
    worker.on('exit', (code) => {
      if (workers.get(fn.logicalId) !== entry) return;
      discard(
        fn.logicalId,
        new FunctionError(fn.functionName, 'Runtime.ExitError', `${fn.functionName} exited (${code})`),
      );
    });
    return entry;
  }

  return {
    coldStarts,
    invoke(logicalId, event) {
      const fn = byId.get(logicalId);
      if (!fn) return Promise.reject(new Error(`No function ${logicalId} in the assembly`));
      if (stopped) return Promise.reject(new Error(`The runtime has stopped: ${fn.functionName} was not run`));
      const entry = workerFor(fn);
      const id = nextId++;
      const timeoutMs = fn.timeoutSeconds * 1000;
      const message: InvokeMessage = { id, event, timeoutMs, requestId: crypto.randomUUID() };
      return new Promise((resolve, reject) => {
        const timeOut = () => {
          // Lambda ends the environment of an invocation that runs out of time; the next one starts cold.
          const timedOut = new FunctionError(
            fn.functionName,
            'Sandbox.Timedout',
            `Task timed out after ${fn.timeoutSeconds.toFixed(2)} seconds`,
          );
          entry.pending.delete(id);
          reject(timedOut);
          discard(logicalId, timedOut);
        };
        const pending: Pending = {
          resolve,
          reject,
          // Until the handler is called: the init phase's limit (a warm worker answers `started` at once).
          timer: setTimeout(timeOut, INIT_LIMIT_MS + timeoutMs),
          onStarted() {
            clearTimeout(pending.timer);
            pending.timer = setTimeout(timeOut, timeoutMs);
          },
        };
        entry.pending.set(id, pending);
        entry.worker.postMessage(message);
      });
    },
    recycle() {
      for (const logicalId of [...workers.keys()]) discard(logicalId, new Error('Its environment was recycled'));
    },
    async stop() {
      stopped = true;
      for (const logicalId of [...workers.keys()]) discard(logicalId, new Error('The runtime stopped'));
    },
  };
}
