/**
 * Each catalogue function's bundle, two ways. For the bench: the files a deploy uploads, read from a bundled
 * cloud assembly (`cdk synth` as `npm run deploy` runs it). For the budget tests, which must stay quick: bundled
 * in memory with the stack's own options (infra/constructs/function-bundling.ts), the same bytes without the
 * minute-long synth. Source maps are left out of the bytes: they ship beside the bundle and load only when
 * an error's stack is printed.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { catalog } from '@functions/catalog';
import { functionBuildOptions } from '@infra/constructs/function-bundling';
import { readAssemblyFunctions } from '@infra/operations/assembly-functions';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface FunctionBundle {
  name: string;
  entry: string;
  bytes: number;
  code: Uint8Array;
  /** The packages the bundle leaves to the runtime (the AWS SDK clients it loads), Node's own modules aside. */
  runtimePackages: string[];
}

/** A bundle built in memory, which also knows the repository's own files that went into it. */
export interface InMemoryFunctionBundle extends FunctionBundle {
  /** The repository's files with code in the bundle (`shared/contracts/checkout.ts`), node_modules aside. */
  sources: string[];
}

const isNodeModule = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);

export async function bundleFunction(spec: {
  name: string;
  entry: string;
  stripeResources?: readonly string[];
}): Promise<InMemoryFunctionBundle> {
  const result = await build({
    ...functionBuildOptions(REPO_ROOT, spec.entry, spec.stripeResources),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
  const runtimePackages = [
    ...new Set(imports.filter((entry) => entry.external && !isNodeModule(entry.path)).map((entry) => entry.path)),
  ].sort();
  const sources = Object.values(result.metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([file, input]) => input.bytesInOutput > 0 && !file.includes('node_modules/'))
    .map(([file]) => file);
  return { name: spec.name, entry: spec.entry, bytes: code.length, code, runtimePackages, sources };
}

/**
 * The AWS SDK packages (and any other) a minified ESM bundle imports, statically or dynamically. A specifier
 * is a package's name (`@scope/name`, `name/sub`): a DynamoDB attribute named `from` in the code
 * (`from":…`, `from",…`) is not an import.
 */
function importedPackages(code: string): string[] {
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*["'](@?[a-z0-9][\w.-]*(?:\/[\w.-]+)*)["']/g)].map(
    (match) => match[1]!,
  );
  return [...new Set(specifiers.filter((specifier) => !isNodeModule(specifier)))].sort();
}

/** Each catalogue function's bundle as a bundled cloud assembly holds it: the `index.mjs` its asset deploys. */
export function assemblyCatalogBundles(outdir: string): FunctionBundle[] {
  const deployed = readAssemblyFunctions(outdir);
  return catalog.map((spec) => {
    const fn = deployed.find((candidate) => candidate.description === spec.description);
    if (!fn?.assetDirectory || fn.bundledEntries.join() !== spec.entry) {
      throw new Error(`${spec.name}: no asset in ${outdir} bundles ${spec.entry} (npm run deploy:rehearse says why)`);
    }
    const code = readFileSync(path.join(fn.assetDirectory, 'index.mjs'));
    return {
      name: spec.name,
      entry: spec.entry,
      bytes: code.length,
      code,
      runtimePackages: importedPackages(code.toString('utf8')),
    };
  });
}
