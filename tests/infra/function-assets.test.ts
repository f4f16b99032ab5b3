/**
 * Each catalogue function deploys its own bundle. CDK stages an asset once per key built from its options as
 * JSON, and a local `tryBundle` (a function) is nothing in JSON: without the entry in the key every function
 * after the first was given the first one's bundle (57 of 61 functions in a bundled prod synth would have
 * deployed the health handler). This synthesizes `functionCode()` for real, with bundling, into a stack of
 * its own — a few entries, so it takes seconds — and reads back what each Lambda function would deploy.
 *
 * The whole stack's functions are checked the same way by `npm run deploy:rehearse`, on the prod stage's
 * bundled synth (infra/operations/assembly-functions.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { FUNCTION_RUNTIME, functionCode } from '@infra/constructs/catalog-function';
import { readAssemblyFunctions, type AssemblyFunction } from '@infra/operations/assembly-functions';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Three small handlers from three folders: an HTTP route, a Cognito trigger, a WebSocket route. */
const ENTRIES = ['functions/http/health.ts', 'functions/auth/pre-sign-up.ts', 'functions/realtime/track-connection.ts'];

let outdir: string;
let functions: AssemblyFunction[];

beforeAll(() => {
  outdir = mkdtempSync(path.join(os.tmpdir(), 'paylink-function-assets-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'FunctionAssets', { env: { region: 'ap-southeast-2' } });
  // The last in a nested stack, as the app stack's areas are: its asset is listed in the parent's manifest.
  const nested = new NestedStack(stack, 'Area');
  ENTRIES.forEach((entry, index) => {
    new LambdaFunction(index === ENTRIES.length - 1 ? nested : stack, `Function${index}`, {
      code: functionCode(REPO_ROOT, entry),
      handler: 'index.handler',
      runtime: FUNCTION_RUNTIME,
    });
  });
  app.synth();
  functions = readAssemblyFunctions(outdir);
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('each function its own bundle', () => {
  it('gives every function a code asset of its own', () => {
    expect(functions).toHaveLength(ENTRIES.length);
    for (const fn of functions) expect(fn.assetDirectory, `${fn.logicalId}'s code asset`).toBeDefined();
    const assetDirectories = new Set(functions.map((fn) => fn.assetDirectory));
    expect(assetDirectories.size, 'distinct code assets').toBe(ENTRIES.length);
  });

  it("puts each function's own handler in its bundle, and no other's", () => {
    const byLogicalId = new Map(functions.map((fn) => [fn.logicalId, fn]));
    ENTRIES.forEach((entry, index) => {
      const fn = [...byLogicalId.values()].find((candidate) => candidate.logicalId.startsWith(`Function${index}`));
      expect(fn, `Function${index}`).toBeDefined();
      expect(fn!.bundledEntries, `${fn!.logicalId}'s bundle`).toEqual([entry]);
    });
  });
});
