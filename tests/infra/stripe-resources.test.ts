/**
 * The functions' bundles carry only the Stripe resources STRIPE_RESOURCES lists (docs/decisions.md #95). Two
 * halves prove no function calls a resource its bundle left out: the functions' calls name exactly the listed
 * resources (and their Stripe client's type offers no other: functions/adapters/stripe-client.ts), and a
 * client bundled as the stack bundles functions has each listed resource whole, and no other, and still makes
 * its requests, walks Stripe's pages and checks webhook signatures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import Stripe from 'stripe';
import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_OCCASIONAL_RESOURCES, STRIPE_RESOURCES } from '@functions/function-spec';
import { FUNCTION_RUNTIME, functionCode } from '@infra/constructs/catalog-function';
import { functionBuildOptions, slimStripePlugin } from '@infra/constructs/function-bundling';
import { bundleFunction } from '../bench/function-bundles';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS_DIR = path.join(REPO_ROOT, 'functions');

/** Every `.ts` file under functions/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The resources the functions call on a Stripe client: `stripe.refunds.create(`, `stripe.checkout.sessions.expire(`
 * (the client is named `stripe` wherever it is held, the port's `deps.stripe` included), and the signature check
 * read off `(await stripeClient()).webhooks`.
 */
function calledResources(): Map<string, string[]> {
  const called = new Map<string, string[]>();
  for (const file of sourceFiles(FUNCTIONS_DIR)) {
    const source = readFileSync(file, 'utf8');
    const calls = [
      ...source.matchAll(/\bstripe\.(\w+)(?:\.\w+)?\.\w+\(/g),
      ...source.matchAll(/\bstripeClient\(\)\)\.(\w+)/g),
    ];
    for (const [, resource] of calls) {
      called.set(resource!, [...(called.get(resource!) ?? []), path.relative(REPO_ROOT, file)]);
    }
  }
  return called;
}

type Shape = string[] | { [name: string]: Shape };

/**
 * A resource's methods, or a namespace's resources (`checkout.sessions`) with theirs. `client` is the SDK
 * instance it came from: the bundle has its own copy of the SDK's classes.
 */
function shapeOf(client: object, value: object): Shape {
  const { StripeResource } = client.constructor as typeof Stripe;
  if (value instanceof StripeResource) {
    const methods = new Set<string>();
    for (
      let proto = Object.getPrototypeOf(value);
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') methods.add(name);
    }
    return [...methods].sort();
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name, member]) => name !== 'stripe' && typeof member === 'object' && member !== null)
      .map(([name, member]) => [name, shapeOf(client, member as object)]),
  );
}

describe('the Stripe resources the functions ship', () => {
  let dir: string;
  let bundled: Record<string, unknown>;
  let clientFor: (options: Stripe.StripeConfig) => Stripe;
  const full = new Stripe('sk_test_bundled_client', { telemetry: false }) as unknown as Record<string, object>;

  beforeAll(async () => {
    // The client the functions' Stripe adapter builds, bundled with every function's options and plugin.
    const options = functionBuildOptions(REPO_ROOT, 'functions/adapters/stripe-client.ts');
    const result = await build({
      ...options,
      entryPoints: undefined,
      stdin: {
        contents: [
          "import Stripe from 'stripe';",
          "export default new Stripe('sk_test_bundled_client', { telemetry: false });",
          "export const clientFor = (options) => new Stripe('sk_test_bundled_client', { telemetry: false, ...options });",
        ].join('\n'),
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      write: false,
      logLevel: 'silent',
    });
    dir = mkdtempSync(path.join(os.tmpdir(), 'paylink-stripe-bundle-'));
    const file = path.join(dir, 'client.mjs');
    writeFileSync(file, result.outputFiles[0]!.contents);
    const module = (await import(pathToFileURL(file).href)) as {
      default: Record<string, unknown>;
      clientFor: typeof clientFor;
    };
    bundled = module.default;
    clientFor = module.clientFor;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists exactly the resources the functions call, and each call names a listed one', () => {
    const called = calledResources();
    // The occasional ones ship only in the functions whose catalogue entries name them (`stripeResources`).
    const offered = [...STRIPE_RESOURCES, ...STRIPE_OCCASIONAL_RESOURCES, 'webhooks'];
    for (const [resource, files] of called) {
      expect(offered, `${resource}, called in ${files.join(', ')}, is not in STRIPE_RESOURCES`).toContain(resource);
    }
    expect([...called.keys()].sort(), 'a listed resource no function calls only weighs the bundles down').toEqual(
      offered.sort(),
    );
  });

  it.each([...STRIPE_RESOURCES])('ships %s whole: the methods of the SDK itself', (resource) => {
    const shipped = bundled[resource] as object;
    expect(shapeOf(bundled, shipped)).toEqual(shapeOf(full, full[resource]!));
    expect(Object.keys(shapeOf(bundled, shipped)).length).toBeGreaterThan(0);
  });

  it("ships the webhooks' signature check", () => {
    const webhooks = bundled.webhooks as typeof Stripe.webhooks;
    const payload = JSON.stringify({ id: 'evt_bundle', object: 'event' });
    const header = webhooks.generateTestHeaderString({ payload, secret: 'whsec_bundle' });
    // As the ingress checks it (functions/webhooks/stripe-webhook.ts).
    const verifier = webhooks.signature!;
    expect(() => verifier.verifyHeader(payload, header, 'whsec_bundle', 300)).not.toThrow();
    expect(() => verifier.verifyHeader(payload, header, 'whsec_other', 300)).toThrow(/signature/i);
  });

  it("makes its requests and walks Stripe's pages with what is left of the SDK", async () => {
    const pages = [
      { object: 'list', url: '/v1/refunds', has_more: true, data: [{ id: 're_1', object: 'refund' }] },
      { object: 'list', url: '/v1/refunds', has_more: false, data: [{ id: 're_2', object: 'refund' }] },
    ];
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(pages[asked.length - 1]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const stripe = clientFor({ host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      const ids: string[] = [];
      for await (const refund of stripe.refunds.list(
        { payment_intent: 'pi_1', limit: 1 },
        { stripeAccount: 'acct_1' },
      )) {
        ids.push(refund.id);
      }
      expect(ids).toEqual(['re_1', 're_2']);
      expect(asked[1]).toContain('starting_after=re_1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses to build with a resource the SDK does not have', async () => {
    const options = functionBuildOptions(REPO_ROOT, 'functions/adapters/stripe-client.ts');
    await expect(
      build({ ...options, plugins: [slimStripePlugin(['refunds', 'refundz'])], write: false, logLevel: 'silent' }),
    ).rejects.toThrow(/does not have: Refundz/);
  });

  it('leaves every other resource out, and says so where one is reached for', () => {
    for (const [name, dropped] of [
      ['products', 'create'],
      ['issuing', 'cards'],
      ['quotes', 'list'],
    ] as const) {
      expect(full[name], `${name} exists in the SDK`).toBeDefined();
      expect(() => (bundled[name] as Record<string, unknown>)[dropped]).toThrow(/STRIPE_RESOURCES/);
    }
  });
});

describe("the stack's function assets", () => {
  it('are the bundles the bench and the budgets measure, with their source maps', async () => {
    const outdir = mkdtempSync(path.join(os.tmpdir(), 'paylink-function-asset-'));
    try {
      const app = new App({ outdir });
      new LambdaFunction(new Stack(app, 'FunctionAsset'), 'RefundPayment', {
        code: functionCode(REPO_ROOT, 'functions/http/refund-payment.ts'),
        handler: 'index.handler',
        runtime: FUNCTION_RUNTIME,
      });
      const assembly = app.synth();
      const [assetDir, ...others] = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
      expect(others).toEqual([]);
      const asset = path.join(assembly.directory, assetDir!);
      expect(readdirSync(asset).sort()).toEqual(['index.mjs', 'index.mjs.map']);
      const deployed = readFileSync(path.join(asset, 'index.mjs'), 'utf8');
      const measured = await bundleFunction({ name: 'refund-payment', entry: 'functions/http/refund-payment.ts' });
      // The same bytes, but for the source map's link at the end.
      expect(deployed.replace(/\/\/# sourceMappingURL=index\.mjs\.map\n?$/, '')).toBe(
        new TextDecoder().decode(measured.code),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
