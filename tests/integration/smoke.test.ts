/**
 * Issue 23 item 8: `npm run smoke -- <url>` against the local gateway, as CI's stand-in for a deployed
 * stage: the gateway serves a built SPA (a minimal one, written here: the smoke checks the shell, a deep
 * link and the script it names, not the app's code), the page function, /config.json and the realtime
 * socket. Every check passes there, with and without a real link id; and each fails, in words, against a
 * host that only serves the SPA shell (a distribution without its API and page behaviours).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, LOOPBACK } from '@infra/local/ports';
import { runSmokeChecks } from '@infra/smoke';
import { bootLocalRuntime, type TestRuntime } from './harness';

const SHELL = `<!doctype html><html lang="en-NZ"><head><title>Paylink</title>
<script type="module" crossorigin src="/assets/index-smoke.js"></script></head>
<body><div id="root"></div></body></html>`;

let env: TestRuntime;
let staticDir: string;
let linkId: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'paylink-smoke-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  writeFileSync(path.join(staticDir, 'assets/index-smoke.js'), 'export {};\n');
  env = await bootLocalRuntime({ staticDir });
  const merchant = await env.connectedMerchant();
  linkId = (await env.createLink(merchant)).linkId;
}, 120_000);
afterAll(async () => {
  await env?.stop();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
});

describe('the smoke test', () => {
  it('passes every check against the local gateway (a made-up link id: the not-found page)', async () => {
    const results = await runSmokeChecks(env.baseUrl);
    expect(results.map((result) => result.name)).toEqual([
      'health',
      'SPA',
      'payment page',
      'config.json',
      'security headers',
      'API without a token',
      'realtime without a token',
    ]);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(results.find((result) => result.name === 'payment page')!.detail).toMatch(/not-found page \(404\)/);
    expect(results.find((result) => result.name === 'realtime without a token')!.detail).toMatch(/refused with 401/);
  });

  it("with --link, checks that link's own page and preview", async () => {
    const results = await runSmokeChecks(env.baseUrl, { linkId });
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(results.find((result) => result.name === 'payment page')!.detail).toBe(
      `/p/${linkId} 200 with its preview ("Flat white")`,
    );
  });

  it('fails, saying why, against a host that serves only the SPA shell', async () => {
    const shellOnly = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(SHELL);
    });
    await new Promise<void>((resolve) => shellOnly.listen(0, LOOPBACK, resolve));
    try {
      const url = `http://${LOOPBACK}:${(shellOnly.address() as AddressInfo).port}`;
      const failed = Object.fromEntries(
        (await runSmokeChecks(url)).filter((result) => !result.ok).map((result) => [result.name, result.detail]),
      );
      expect(failed).toEqual({
        health: 'GET /api/health answered text/html; charset=utf-8, not JSON (is it routed to the API?)',
        SPA: expect.stringContaining('is not JavaScript'),
        'payment page': '/p/{id} was not answered by the page function',
        'config.json': 'GET /config.json answered text/html; charset=utf-8, not JSON (is it routed to the API?)',
        'security headers': '/: X-Content-Type-Options is not nosniff',
        'API without a token': 'GET /api/me without a token answered 200, not 401',
        'realtime without a token': 'no /config.json to find the realtime URL in',
      });
    } finally {
      await closeServer(shellOnly);
    }
  });

  it('npm run smoke prints one line per check and exits 0 when all pass', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/smoke.ts', env.baseUrl]);
    expect(stdout).toContain(`Smoke test of ${env.baseUrl}`);
    expect(stdout.match(/^ {2}ok {3}/gm)).toHaveLength(7);
    expect(stdout).toContain('all 7 checks passed');
  });
});
