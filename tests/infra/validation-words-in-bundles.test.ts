/**
 * The contracts are zod/mini, which words no issue until a locale is set (docs/decisions.md #106), and the
 * tests run every handler in one process, where the HTTP wrapper has set it for all. Only a function's own
 * bundle, loaded alone as Lambda loads it, shows whether that function says "expected string, received
 * number" or a bare "Invalid input" in its answer or its log: so the event consumers are bundled as the stack
 * bundles them and fed a malformed event in a fresh `node`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { bundleFunction } from '../bench/function-bundles';

// Inside the repository, so the bundle finds the AWS SDK it leaves to the runtime, as the bench's do.
const SCRATCH = path.resolve(import.meta.dirname, '../../node_modules/.cache/paylink-validation-words');

/** Loads the function's bundle in a fresh node, calls its handler with `event`, and returns what it printed or threw. */
async function outputOf(name: string, event: unknown): Promise<string> {
  const spec = catalog.find((fn) => fn.name === name);
  if (!spec) throw new Error(`No ${name} in the catalogue`);
  const { code } = await bundleFunction(spec);
  mkdirSync(SCRATCH, { recursive: true });
  const file = path.join(SCRATCH, `${name}.mjs`);
  writeFileSync(file, code);
  const script = `const { handler } = await import(${JSON.stringify(file)});
try { await handler(${JSON.stringify(event)}, {}); } catch (error) { console.log('threw: ' + error.message); }`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, AWS_REGION: 'ap-southeast-2', NODE_OPTIONS: '', POWERTOOLS_LOG_LEVEL: 'WARN' },
  });
  return `${run.stdout}\n${run.stderr}`;
}

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe('a function bundled alone words what is wrong with its input', () => {
  it('notify-merchant, given a Payment Updated without its ids', async () => {
    const output = await outputOf('notify-merchant', { 'detail-type': 'Payment Updated', detail: { merchantId: 5 } });
    expect(output).toContain('threw: ');
    expect(output).toContain('Invalid input: expected string, received number');
  });

  it('a Stripe event consumer, given an event that is not one', async () => {
    const output = await outputOf('apply-stripe-payment-event', {
      'detail-type': 'checkout.session.completed',
      source: 'paylink.stripe.connect',
      detail: { id: 5 },
    });
    expect(output).toContain('"reason":"malformed"');
    expect(output).toContain('Invalid input: expected string, received number');
  });
});
