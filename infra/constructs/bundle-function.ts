/**
 * Bundles one catalogue function into a folder, as CatalogFunction's asset: `index.mjs` and its source map.
 * A script of its own because CDK bundles synchronously and esbuild runs plugins only in its async API
 * (function-bundling.ts has the options). Usage: bundle-function.ts <repo root> <entry> <output folder> [the entry's Stripe resources beyond the
 * usual ones, comma-separated].
 */
import path from 'node:path';
import { build } from 'esbuild';
import { functionBuildOptions } from './function-bundling';

const [repoRoot, entry, outputDir, stripeResources = ''] = process.argv.slice(2);
if (!repoRoot || !entry || !outputDir) throw new Error('usage: bundle-function.ts <repo root> <entry> <output folder>');

await build({
  ...functionBuildOptions(repoRoot, entry, stripeResources.split(',').filter(Boolean)),
  outfile: path.join(outputDir, 'index.mjs'),
  // Written beside the bundle and read only when an error's stack is printed (NODE_OPTIONS in CatalogFunction).
  sourcemap: true,
});
