/**
 * The assembly runtime's Lambda environments (infra/local/assembly/function-workers.ts): each function in
 * its own worker with only its own environment, warm after the first invocation, thrown away when an
 * invocation runs out of time (the next one starts cold), and its handler's error passed on by name.
 * The bundles here are a few lines of JavaScript written to a temp folder, as an asset folder holds them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFunctionWorkers,
  type FunctionWorkers,
  type WorkerFunction,
} from '@infra/local/assembly/function-workers';

const BUNDLE = `
let invocations = 0;
export async function handler(event, context) {
  invocations += 1;
  if (event.wait) await new Promise((resolve) => setTimeout(resolve, event.wait));
  if (event.fail) { const error = new Error('the handler refused'); error.name = 'RefusedError'; throw error; }
  return { invocations, table: process.env.ORDERS_TABLE ?? null, parentOnly: process.env.PARENT_ONLY ?? null, name: context.functionName };
}
`;

/** A worker's cold start is a new Node isolate: a second or more on a busy two-core machine. */
const COLD_STARTS_ALLOWED_MS = 30_000;

let directory: string;
let workers: FunctionWorkers;

function fn(logicalId: string, environment: Record<string, string>): WorkerFunction {
  return {
    logicalId,
    functionName: `App-${logicalId}`,
    moduleFile: path.join(directory, 'index.mjs'),
    exportName: 'handler',
    environment,
    timeoutSeconds: 1,
    memoryMb: 128,
  };
}

beforeAll(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'paylink-workers-'));
  writeFileSync(path.join(directory, 'index.mjs'), BUNDLE);
  process.env.PARENT_ONLY = 'set in the parent';
  workers = startFunctionWorkers({
    functions: [fn('Orders', { ORDERS_TABLE: 'orders-local' }), fn('Other', {})],
    hostRedirects: [],
  });
});
afterAll(async () => {
  delete process.env.PARENT_ONLY;
  await workers.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('function workers', () => {
  it(
    'give each function its own environment only, and keep it warm',
    async () => {
      expect(await workers.invoke('Orders', {})).toEqual({
        invocations: 1,
        table: 'orders-local',
        parentOnly: null,
        name: 'App-Orders',
      });
      expect(await workers.invoke('Orders', {})).toMatchObject({ invocations: 2 });
      expect(await workers.invoke('Other', {})).toMatchObject({ invocations: 1, table: null });
      expect(workers.coldStarts.get('Orders')).toBe(1);
    },
    COLD_STARTS_ALLOWED_MS,
  );

  it(
    "pass on the handler's error by its name",
    async () => {
      await expect(workers.invoke('Orders', { fail: true })).rejects.toMatchObject({
        name: 'RefusedError',
        message: 'the handler refused',
      });
    },
    COLD_STARTS_ALLOWED_MS,
  );

  it(
    'end an invocation at its timeout, and start the next one cold',
    async () => {
      await expect(workers.invoke('Other', { wait: 3000 })).rejects.toMatchObject({
        name: 'Sandbox.Timedout',
        message: 'Task timed out after 1.00 seconds',
      });
      expect(await workers.invoke('Other', {})).toMatchObject({ invocations: 1 });
      expect(workers.coldStarts.get('Other')).toBe(2);
    },
    COLD_STARTS_ALLOWED_MS,
  );
});
