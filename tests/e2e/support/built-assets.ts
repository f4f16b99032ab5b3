import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** A chunk of the built SPA as Vite's manifest describes it, keyed by its source (or `_name` for shared chunks). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The manifest of the build the runtime serves (global-setup.ts serves the same folder). */
export function viteManifest(): Record<string, ManifestChunk> {
  const dist = process.env.PAYLINK_E2E_STATIC_DIR ?? path.resolve(import.meta.dirname, '../../../web/dist');
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * The files (JS and CSS) the chunks under `keys` load, with what they import; with `followDynamic`, also what
 * they import() later. Every chunk imports the entry (React lives there), and the entry's own dynamic
 * imports are the two apps, so those are never followed through it.
 */
export function filesReachedFrom(
  manifest: Record<string, ManifestChunk>,
  keys: string[],
  followDynamic: boolean,
): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
    if (followDynamic && !manifest[key].isEntry) for (const next of manifest[key].dynamicImports ?? []) visit(next);
  };
  keys.forEach(visit);
  return new Set([...seen].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));
}

/** The app's own JS and CSS files a page requests from now on (`assets/…`, as the manifest names them). */
export function recordAssets(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.(js|css)$/.test(pathname)) files.push(pathname.slice(1));
  });
  return files;
}
