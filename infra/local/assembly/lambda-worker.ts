/**
 * One Lambda function's execution environment, as a worker thread: its own `process.env` (the template's
 * variables, set by the parent through the Worker's `env`), its bundle loaded once at the first invocation
 * (the init phase), then one `handler(event, context)` call per message.
 *
 * Node runs this file directly (type stripping), in a thread with no loader: it imports Node's own modules
 * only, and the bundle it loads is plain JavaScript.
 */
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

export interface LambdaWorkerSetup {
  /** The bundle's module file and the export its Handler names (`index.handler` → index.mjs, `handler`). */
  moduleFile: string;
  exportName: string;
  functionName: string;
  memoryMb: number;
  /**
   * AWS's public HTTPS origins this machine stands in for, and where their requests go instead: the user
   * pool's issuer (`https://cognito-idp.<region>.amazonaws.com`), whose JWKS a token verifier fetches. The
   * bundle's code is unchanged: it asks for the cloud's address (through `https` or `fetch`) and reaches the
   * local one.
   */
  hostRedirects: { from: string; to: string }[];
}

export interface InvokeMessage {
  id: number;
  event: unknown;
  timeoutMs: number;
  requestId: string;
}

/**
 * `started` once the handler is loaded and called: the function's timeout counts from there, as Lambda's
 * does; the init phase (the first load) has Lambda's own limit.
 */
export type InvokeAnswer =
  | { id: number; started: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

const setup = workerData as LambdaWorkerSetup;

/** Sends a request for a redirected origin to its local stand-in over plain HTTP. */
function redirectHttps() {
  const original = https.request;
  const redirectOf = (url: URL) => setup.hostRedirects.find((redirect) => url.origin === redirect.from);
  const redirected = ((...args: unknown[]) => {
    const [first, second] = args;
    const url = typeof first === 'string' ? new URL(first) : first instanceof URL ? first : undefined;
    const redirect = url && redirectOf(url);
    if (!url || !redirect) return (original as (...rest: unknown[]) => http.ClientRequest)(...args);
    const target = new URL(url.pathname + url.search, redirect.to);
    const options = typeof second === 'object' && second !== null && !(second instanceof Function) ? second : {};
    const callback = args.find((arg) => typeof arg === 'function');
    return http.request(target, { ...options, agent: undefined } as http.RequestOptions, callback as never);
  }) as typeof https.request;
  https.request = redirected;
  https.get = ((...args: Parameters<typeof https.get>) => {
    const request = redirected(...(args as Parameters<typeof https.request>));
    request.end();
    return request;
  }) as typeof https.get;
  // Bundles import `request` by name: their bindings follow the module object only after this.
  syncBuiltinESMExports();
}

/** The same for `fetch` (functions/adapters/cognito-token-verifier.ts fetches the pool's keys with it). */
function redirectFetch() {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const redirect = setup.hostRedirects.find((candidate) => url.origin === candidate.from);
    if (!redirect) return original(input, init);
    const target = new URL(url.pathname + url.search, redirect.to);
    return input instanceof Request ? original(new Request(target, input), init) : original(target, init);
  };
}

let handler: Promise<Handler> | undefined;

function loadHandler(): Promise<Handler> {
  handler ??= import(pathToFileURL(setup.moduleFile).href).then((module: Record<string, unknown>) => {
    const exported = module[setup.exportName];
    if (typeof exported !== 'function') {
      throw new Error(`Runtime.HandlerNotFound: ${setup.moduleFile} exports no ${setup.exportName}`);
    }
    return exported as Handler;
  });
  return handler;
}

function lambdaContext(message: InvokeMessage, deadline: number) {
  return {
    functionName: setup.functionName,
    functionVersion: '$LATEST',
    memoryLimitInMB: String(setup.memoryMb),
    awsRequestId: message.requestId,
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}

redirectHttps();
redirectFetch();
parentPort!.on('message', (message: InvokeMessage) => {
  void (async () => {
    let answer: InvokeAnswer;
    try {
      const run = await loadHandler();
      parentPort!.postMessage({ id: message.id, started: true } satisfies InvokeAnswer);
      const context = lambdaContext(message, Date.now() + message.timeoutMs);
      answer = { id: message.id, ok: true, result: await run(message.event, context) };
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      answer = {
        id: message.id,
        ok: false,
        error: { name: failure.name, message: failure.message, stack: failure.stack },
      };
    }
    try {
      parentPort!.postMessage(answer);
    } catch (error) {
      // A result that cannot be cloned (a function, a class instance with one) is the handler's mistake.
      parentPort!.postMessage({
        id: message.id,
        ok: false,
        error: { name: 'Runtime.MarshalError', message: `Unable to marshal response: ${String(error)}` },
      } satisfies InvokeAnswer);
    }
  })();
});
