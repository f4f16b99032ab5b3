/**
 * The built SPA's module graph as Vite's manifest (`<dist>/.vite/manifest.json`) describes it: what the bench
 * counts as a page's bytes and what the browser tests check a page loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A chunk, keyed in the manifest by its source (or `_name` for a shared chunk). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
}

/** The manifest keys of the chunks under `keys` and what they import; with `followDynamic`, also what they import() later (never through the entry's chunks: their dynamic imports are the two apps). */
function chunksReached(
  manifest: ViteManifest,
  keys: string[],
  followDynamic: boolean,
  entry?: Set<string>,
): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
    if (followDynamic && !entry?.has(key)) for (const next of manifest[key].dynamicImports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The chunks every page of the app loads first: index.html's entry and what it imports. The build keeps no
 * code in the entry file itself (vite.config.ts inlines small shared chunks, which needs the entry's
 * exports free to move), so the entry's own code, with its import()s of the two apps, sits in one of these.
 */
export function entryChunks(manifest: ViteManifest): Set<string> {
  return chunksReached(manifest, ['index.html'], false);
}

/**
 * The files (JS and CSS) the chunks under `keys` load, with what they import; with `followDynamic`, also what
 * they import() later. Every chunk imports the entry's chunks (React lives there), and their dynamic imports
 * are the two apps, so those are never followed through them.
 */
export function filesReachedFrom(manifest: ViteManifest, keys: string[], followDynamic: boolean): Set<string> {
  const roots = keys.map((key) => chunkKeyOf(manifest, key));
  const reached = chunksReached(manifest, roots, followDynamic, entryChunks(manifest));
  return new Set([...reached].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));
}

/**
 * The manifest key of the chunk that holds `source` (a path under web/, as the manifest writes it): the source
 * itself when it is its chunk's entry; else the shared chunk Rolldown named after it (`_merchant-app-<hash>.js`)
 * when it moved a dynamic entry into the chunk its pages share (the merchant app, whose router and react-query
 * every route chunk imports). Throws rather than answer nothing, so a check built on it cannot pass empty.
 */
export function chunkKeyOf(manifest: ViteManifest, source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]!.name === name);
  if (named.length !== 1) throw new Error(`${source} is not in the Vite manifest, nor one chunk named ${name}`);
  return named[0]!;
}
