/**
 * What a function's bundle does when it is loaded is part of every cold start, so work it need not do then
 * stays out (docs/decisions.md #109). Node's `http` imported as an ES module evaluates its lazy `WebSocket`
 * export, which loads Node's own undici (~13 ms) in every function that calls Stripe; the bundles give the
 * Stripe SDK the required module instead (infra/constructs/function-bundling.ts). Checked by the modules
 * Node has loaded, not by a timing.
 */
import { describe, expect, it } from 'vitest';
import { runBesideBundle } from '../support/function-bundle-alone';

const UNDICI = 'internal/deps/undici/undici';

describe('a function bundle, loaded', () => {
  it('that calls Stripe leaves undici unloaded, and its Stripe client still has node:http', async () => {
    const output = await runBesideBundle(
      'create-checkout',
      `console.log(typeof handler, process.moduleLoadList.some((name) => name.includes(${JSON.stringify(UNDICI)})));`,
    );
    expect(output).toContain('function false');
  });

  it('shows what the check sees: importing node:http as a module loads undici', async () => {
    const output = await runBesideBundle(
      'health',
      `await import('node:http'); console.log('after node:http', process.moduleLoadList.some((name) => name.includes(${JSON.stringify(UNDICI)})));`,
    );
    expect(output).toContain('after node:http true');
  });
});
