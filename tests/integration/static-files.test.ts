/**
 * The local gateway serves a build as CloudFront serves the bucket, and so never the files the build
 * leaves for its own tools: Vite's manifest (.vite/manifest.json) lists every chunk of every page, the
 * merchant-only ones included, and is not deployed (infra/constructs/web-app-deployment.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { securityHeaders } from '@infra/security-headers';
import { bootLocalRuntime, type TestRuntime } from './harness';

/** The pages the build prerenders besides the landing page, by their file's name (= their address). */
const PRERENDERED = ['login', 'signup', 'support', 'privacy', 'terms', 'stripe-disclaimer'];

let env: TestRuntime;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'paylink-static-'));
  writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><meta property="og:image" content="/og-paylink.png" /><div id="root"></div>',
  );
  mkdirSync(path.join(staticDir, '.vite'));
  writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), '{"src/features/dashboard.tsx":{}}');
  // Prerendered pages, as the build writes them (shared/prerendered-pages.ts).
  mkdirSync(path.join(staticDir, 'prerendered'));
  for (const page of PRERENDERED) {
    const html = `<!doctype html><meta property="og:image" content="/og-paylink.png" /><h1>${page}</h1>`;
    writeFileSync(path.join(staticDir, 'prerendered', `${page}.html`), html);
  }
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  env = await bootLocalRuntime({ staticDir });
});
afterAll(async () => {
  await env?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

it.each(['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/../.vite/manifest.json'])(
  'does not serve the build manifest (%s)',
  async (requestPath) => {
    const response = await env.api(requestPath);
    const body = await response.text();
    expect(body).not.toContain('src/features/dashboard.tsx');
  },
);

it('still serves the app and its assets', async () => {
  expect(await (await env.api('/')).text()).toContain('<div id="root">');
  expect(await (await env.api('/assets/app-abc123.js')).text()).toBe('console.log(1)');
});

it.each(PRERENDERED)(
  'answers /%s, with or without a slash, with its prerendered page, as CloudFront does',
  async (page) => {
    for (const address of [`/${page}`, `/${page}/`])
      expect(await (await env.api(address)).text(), address).toContain(`<h1>${page}</h1>`);
    // An address under it is the app's to answer.
    expect(await (await env.api(`/${page}/extra`)).text()).toContain('<div id="root">');
  },
);

it("names the site's preview image by its absolute URL on the gateway's origin, as the deployment does", async () => {
  const html = await (await env.api('/login')).text();
  expect(html).toContain(`<meta property="og:image" content="${env.baseUrl}/og-paylink.png" />`);
});

it.each(['/', '/assets/app-abc123.js', '/config.json', '/api/health', '/p/unknownlink0', '/nothing-here'])(
  "sends CloudFront's security headers, the CSP included, on %s (one definition: docs/decisions.md #70)",
  async (requestPath) => {
    const response = await env.api(requestPath);
    const config = (await (await env.api('/config.json')).json()) as Record<string, string>;
    const expected = securityHeaders({
      cognito: new URL(config.userPoolEndpoint!).origin,
      realtime: new URL(config.realtimeUrl!).origin,
      https: false,
    });
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'referrer-policy']),
    );
    for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // HSTS only means something over https.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  },
);
