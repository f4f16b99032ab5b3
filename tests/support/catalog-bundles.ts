/**
 * A catalogue function's bundle, for the tests that read or run one. Where PAYLINK_ASSEMBLY_DIR names a
 * bundled prod assembly (CI hands over the deploy rehearsal's, as it does to the assembly runtime's test), the
 * bundle is the `index.mjs` that assembly deploys: the stack bundled every function there already, with the
 * same options, so bundling all of them again here would only repeat that work. Without one, each is bundled
 * in memory with the stack's own options (tests/bench/function-bundles.ts).
 *
 * The deployed file ends with its source map's name (`//# sourceMappingURL=index.mjs.map`, 35 bytes), which
 * the in-memory bundle leaves out; the code before it is the same bytes.
 */
import path from 'node:path';
import { assemblyCatalogBundles, bundleFunction, type FunctionBundle } from '../bench/function-bundles';

/** Read once per worker: the unit, contract and infra files share their module cache (vitest.config.ts). */
let deployed: Map<string, FunctionBundle> | undefined;

export async function catalogBundle(spec: {
  name: string;
  entry: string;
  stripeResources?: readonly string[];
}): Promise<FunctionBundle> {
  const assemblyDirectory = process.env.PAYLINK_ASSEMBLY_DIR;
  if (!assemblyDirectory) return bundleFunction(spec);
  deployed ??= new Map(assemblyCatalogBundles(path.resolve(assemblyDirectory)).map((bundle) => [bundle.name, bundle]));
  const bundle = deployed.get(spec.name);
  if (!bundle) throw new Error(`${spec.name}: no bundle in ${assemblyDirectory}`);
  return bundle;
}
