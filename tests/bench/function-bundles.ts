/**
 * Each catalogue function bundled as the stack bundles it — the same options (infra/constructs/function-bundling.ts),
 * in memory: the bytes that ship and, for the bench, the bundle itself to time its cold import.
 * Source maps are left out: the stack writes them beside the bundle, they are not loaded on a cold start.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { catalog } from '@functions/catalog';
import { functionBuildOptions } from '@infra/constructs/function-bundling';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface FunctionBundle {
  name: string;
  entry: string;
  bytes: number;
  code: Uint8Array;
  /** The packages the bundle leaves to the runtime (the AWS SDK clients it loads), Node's own modules aside. */
  runtimePackages: string[];
}

const isNodeModule = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);

export async function bundleFunction(spec: { name: string; entry: string }): Promise<FunctionBundle> {
  const result = await build({
    ...functionBuildOptions(REPO_ROOT, spec.entry),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
  const runtimePackages = [
    ...new Set(imports.filter((entry) => entry.external && !isNodeModule(entry.path)).map((entry) => entry.path)),
  ].sort();
  return { name: spec.name, entry: spec.entry, bytes: code.length, code, runtimePackages };
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
