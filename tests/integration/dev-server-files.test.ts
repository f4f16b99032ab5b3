/**
 * `npm start`'s App URL (the Vite dev server) serves the app's sources and nothing else: not the local
 * runtime's secrets and emulator state under .data/, not any other file of the checkout, and not to pages
 * of other local origins. Before, `/@fs/<checkout>/.data/secrets.json` answered the Stripe key and
 * every webhook secret, and any localhost Origin was echoed back in Access-Control-Allow-Origin.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '@infra/local/app-server';
import { bootLocalRuntime, type TestRuntime } from './harness';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const canary = `secret-${randomUUID()}`;
const canaryFile = path.join(REPO_ROOT, '.data', `dev-server-canary-${randomUUID()}.json`);

let env: TestRuntime;
let app: AppServer;

beforeAll(async () => {
  mkdirSync(path.dirname(canaryFile), { recursive: true });
  writeFileSync(canaryFile, JSON.stringify({ stripeSecretKey: canary }));
  env = await bootLocalRuntime();
  app = await startAppServer({ port: 0, runtime: env.runtime });
  env.runtime.useAppOrigin(app.url);
}, 120_000);
afterAll(async () => {
  rmSync(canaryFile, { force: true });
  await app?.close();
  await env?.stop();
});

async function fetchText(requestPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${requestPath}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe('the dev server', () => {
  it.each([
    ['by absolute path', () => `/@fs${canaryFile}`],
    ['climbing out of the app root', () => `/../.data/${path.basename(canaryFile)}`],
    ['encoded', () => `/@fs${canaryFile.replaceAll('/', '%2F')}`],
    ['as a module import', () => `/@fs${canaryFile}?import`],
    ['as raw text', () => `/@fs${canaryFile}?raw`],
  ])('never serves a file under .data/ (%s)', async (_, requestPath) => {
    const { status, body } = await fetchText(requestPath());
    expect(body).not.toContain(canary);
    expect(status === 403 || status === 404 || body.includes('<div id="root">')).toBe(true);
  });

  it('serves no file of the checkout outside the app, shared/ and the dependencies', async () => {
    for (const file of ['package.json', 'infra/local/secrets.ts', 'cdk.json']) {
      const { status, body } = await fetchText(`/@fs${path.join(REPO_ROOT, file)}`);
      expect(status, file).toBe(403);
      expect(body).not.toContain('"dependencies"');
    }
  });

  it('still serves the app and the shared code it imports', async () => {
    expect((await fetchText('/src/main.tsx')).status).toBe(200);
    expect((await fetchText(`/@fs${path.join(REPO_ROOT, 'shared/brand.ts')}`)).status).toBe(200);
  });

  it('answers no other origin, not even another localhost port', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'https://evil.example']) {
      const { headers } = await fetchText('/src/main.tsx', { origin });
      expect(headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
