import path from 'node:path';
import type { Page } from '@playwright/test';
import { readViteManifest, type ViteManifest } from '@tests/support/vite-manifest';

export { filesReachedFrom } from '@tests/support/vite-manifest';

/** The folder of the build the runtime serves (global-setup.ts serves the same one). */
export function builtAssetsDir(): string {
  return process.env.PAYLINK_E2E_STATIC_DIR ?? path.resolve(import.meta.dirname, '../../../web/dist');
}

/** The manifest of the build the runtime serves. */
export function viteManifest(): ViteManifest {
  return readViteManifest(builtAssetsDir());
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
