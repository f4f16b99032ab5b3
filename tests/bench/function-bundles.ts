/**
 * Each catalogue function bundled as CDK's NodejsFunction bundles it (infra/constructs/catalog-function.ts:
 * esbuild, minified, ESM, `module` before `main`, the AWS SDK left to the runtime, the createRequire banner),
 * in memory: the bytes that ship and, for the bench, the bundle itself to time its cold import.
 * Source maps are left out: CDK writes them beside the bundle, they are not loaded on a cold start.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { catalog } from '@functions/catalog';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface FunctionBundle {
  name: string;
  entry: string;
  bytes: number;
  code: Uint8Array;
}

export async function bundleFunction(spec: { name: string; entry: string }): Promise<FunctionBundle> {
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, spec.entry)],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: false,
    platform: 'node',
    // CDK derives the target from the runtime (Node.js 24).
    target: 'node24',
    minify: true,
    format: 'esm',
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { name: spec.name, entry: spec.entry, bytes: code.length, code };
}

/** Every catalogue entry, bundled `concurrency` at a time (esbuild is fast; the machine has 2 cores). */
export async function bundleCatalog(concurrency = 4): Promise<FunctionBundle[]> {
  const specs = catalog.map(({ name, entry }) => ({ name, entry }));
  const bundles: FunctionBundle[] = [];
  for (let i = 0; i < specs.length; i += concurrency) {
    bundles.push(...(await Promise.all(specs.slice(i, i + concurrency).map(bundleFunction))));
  }
  return bundles;
}
