/**
 * What each Lambda function of a synthesized, bundled cloud assembly would deploy: its template resource, its
 * code asset's folder and, read from the bundle's source map, which catalogue handlers that bundle holds.
 * The deploy rehearsal checks the prod stage's functions with it, tests/infra/function-assets.test.ts a few.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { catalog } from '@functions/catalog';
import type { FunctionSpec } from '@functions/function-spec';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Stands in for prod's alarm address, which only whoever deploys prod can name (a prod synth needs one). */
export const REHEARSAL_ALARM_EMAIL = 'alarms@paylink.example';

/**
 * Synthesizes a stage as `npm run deploy` does (the CDK CLI, assets bundled) into `outdir`, relative to the
 * repository or under it: the bundles leave `@aws-sdk/*` to Lambda's runtime, and locally they find it in the
 * repository's node_modules.
 */
export function synthesizeBundledAssembly(outdir: string, stage = 'prod') {
  const context = ['-c', `stage=${stage}`, ...(stage === 'prod' ? ['-c', `alarmEmail=${REHEARSAL_ALARM_EMAIL}`] : [])];
  const synth = spawnSync(
    'npx',
    ['cdk', 'synth', '--quiet', ...context, '-o', path.relative(REPO_ROOT, path.resolve(outdir))],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (synth.status !== 0) throw new Error(`cdk synth -c stage=${stage} failed (exit ${synth.status ?? synth.signal})`);
}

export interface AssemblyFunction {
  /** The template file (nested ones included) and the function's logical id in it. */
  templateFile: string;
  logicalId: string;
  /** The construct path CDK records (`Paylink-prod/AccountsFunctions/GetMe/Function/Resource`). */
  constructPath: string | undefined;
  handler: string | undefined;
  description: string | undefined;
  /** The staged asset folder this function's code is zipped from; undefined for inline code. */
  assetDirectory: string | undefined;
  /** Repository files the bundle's source map names (none for an asset without a map, e.g. CDK's own). */
  bundledSources: string[];
  /** Of those, the catalogue's handler entries: exactly one, its own, for a catalogue function. */
  bundledEntries: string[];
}

interface TemplateResource {
  Type: string;
  Properties?: { Handler?: string; Description?: string; Code?: { S3Key?: unknown } };
  Metadata?: Record<string, unknown>;
}

export function templateFilesIn(outdir: string): string[] {
  return readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .sort()
    .map((file) => path.join(outdir, file));
}

/** Every file a source map in the folder names, as repository paths (outside the repository: left out). */
function sourcesOf(assetDirectory: string): string[] {
  const maps = readdirSync(assetDirectory).filter((file) => file.endsWith('.map'));
  const sources = new Set<string>();
  for (const map of maps) {
    const { sources: named = [] } = JSON.parse(readFileSync(path.join(assetDirectory, map), 'utf8')) as {
      sources?: string[];
    };
    for (const source of named) {
      const repoPath = path.relative(REPO_ROOT, path.resolve(assetDirectory, source));
      if (!repoPath.startsWith('..') && !repoPath.includes('node_modules'))
        sources.add(repoPath.split(path.sep).join('/'));
    }
  }
  return [...sources].sort();
}

/**
 * The asset folder of a function: CDK's `aws:asset:path` metadata, else the assets manifest's file for its S3 key
 * — its own stack's manifest, or for a nested stack (which has none) its top-level stack's.
 */
function assetDirectoryOf(outdir: string, templateFile: string, resource: TemplateResource): string | undefined {
  const assetPath = resource.Metadata?.['aws:asset:path'];
  if (typeof assetPath === 'string') return path.resolve(outdir, assetPath);
  const key = resource.Properties?.Code?.S3Key;
  const hash = typeof key === 'string' ? /^([0-9a-f]{64})\.zip$/.exec(key)?.[1] : undefined;
  if (!hash) return undefined;
  const ownManifest = templateFile.replace(/\.template\.json$/, '.assets.json');
  const manifests = [
    ...(existsSync(ownManifest) ? [ownManifest] : []),
    ...readdirSync(outdir)
      .filter((file) => file.endsWith('.assets.json'))
      .map((file) => path.join(outdir, file)),
  ];
  for (const manifestFile of manifests) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      files: Record<string, { source: { path: string } }>;
    };
    const source = manifest.files[hash]?.source.path;
    if (source) return path.resolve(outdir, source);
  }
  return undefined;
}

export function readAssemblyFunctions(outdir: string): AssemblyFunction[] {
  const entries = new Set(catalog.map((spec) => spec.entry));
  const functions: AssemblyFunction[] = [];
  for (const templateFile of templateFilesIn(outdir)) {
    const template = JSON.parse(readFileSync(templateFile, 'utf8')) as { Resources?: Record<string, TemplateResource> };
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const assetDirectory = assetDirectoryOf(outdir, templateFile, resource);
      const bundledSources = assetDirectory && existsSync(assetDirectory) ? sourcesOf(assetDirectory) : [];
      functions.push({
        templateFile,
        logicalId,
        constructPath: resource.Metadata?.['aws:cdk:path'] as string | undefined,
        handler: resource.Properties?.Handler,
        description: resource.Properties?.Description,
        assetDirectory,
        bundledSources,
        bundledEntries: bundledSources.filter((source) => entries.has(source)),
      });
    }
  }
  return functions;
}

/**
 * What would deploy wrong: a catalogue function missing from the template, one whose bundle is not its own
 * handler (or holds another's too), and two functions of ours (bundles of this repository's code) sharing
 * one code asset. A function is matched to its
 * catalogue entry by its description, which the catalogue keeps unique.
 */
export function functionAssetProblems(
  functions: readonly AssemblyFunction[],
  specs: readonly FunctionSpec[] = catalog,
): string[] {
  const problems: string[] = [];
  for (const spec of specs) {
    const deployed = functions.filter((fn) => fn.description === spec.description);
    if (deployed.length !== 1) {
      problems.push(`${spec.name}: ${deployed.length} functions in the template carry its description`);
      continue;
    }
    const [fn] = deployed as [AssemblyFunction];
    if (fn.bundledEntries.length !== 1 || fn.bundledEntries[0] !== spec.entry) {
      problems.push(`${spec.name} (${fn.logicalId}) would deploy [${fn.bundledEntries.join(', ')}], not ${spec.entry}`);
    }
  }
  const byAsset = new Map<string, string[]>();
  // Ours only: CDK's own providers (a cross-region export reader in each of two stacks) share their code.
  for (const fn of functions.filter((candidate) => candidate.bundledSources.length > 0)) {
    if (fn.assetDirectory) byAsset.set(fn.assetDirectory, [...(byAsset.get(fn.assetDirectory) ?? []), fn.logicalId]);
  }
  for (const [assetDirectory, logicalIds] of byAsset) {
    if (logicalIds.length > 1)
      problems.push(`${logicalIds.join(', ')} share one code asset (${path.basename(assetDirectory)})`);
  }
  return problems;
}
