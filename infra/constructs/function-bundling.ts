/**
 * How every catalogue function is bundled — one definition for the stack (CatalogFunction runs
 * infra/constructs/bundle-function.ts), the bench and the bundle budget test (tests/bench/function-bundles.ts):
 * esbuild, minified, ESM, `module` before `main`, the AWS SDK left to the runtime, the createRequire banner,
 * the Stripe SDK cut down to the resources the functions call (docs/decisions.md #95), and the contracts and
 * domain rules taken only as far as a function reaches them (docs/decisions.md #101).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { STRIPE_RESOURCES } from '@functions/function-spec';

/** The runtime CatalogFunction deploys (Node.js 24): esbuild's target follows it. */
export const FUNCTION_TARGET = 'node24';

/** Where a Stripe SDK resource module lives (the ESM build, which `import Stripe from 'stripe'` resolves to). */
const STRIPE_RESOURCE_FILE = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources[\\/].+\.js$/;
/**
 * The parts of the SDK's core a function never reaches either (~16 KB): the handler of Stripe's v2 "thin"
 * event notifications, built only by `notificationHandler()` (Paylink's endpoints receive v1 events, checked
 * by `webhooks.signature`); and the fetch client and Web Crypto provider, built only when asked for by name,
 * for runtimes without Node's http and crypto (on Node the SDK uses those).
 */
const STRIPE_CORE_UNUSED =
  /[\\/]node_modules[\\/]stripe[\\/]esm[\\/](StripeEventNotificationHandler|net[\\/]FetchHttpClient|crypto[\\/]SubtleCryptoProvider)\.js$/;
/**
 * The SDK's index of every resource class, read only as the client's static `Stripe.resources` (which no
 * function reads) and for its OAuth resource: cut to the listed resources' lines, as their modules are.
 */
const STRIPE_RESOURCE_INDEX = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources\.js$/;
const DROPPED_MODULE = 'paylink-dropped-stripe-resource';

/** `accountLinks` → `AccountLinks`: the SDK names each resource's file (or folder) after the client's name. */
const fileNameOf = (resource: string) => resource[0]!.toUpperCase() + resource.slice(1);

/**
 * The Stripe SDK (stripe@23) constructs every one of its resources in its constructor, so esbuild can drop
 * none (~170 KB minified). This swaps each resource module not in `resources` for one that exports the same
 * class names as a stand-in: the SDK still builds, the client has only the resources listed, and anything
 * that reaches for a dropped one fails with a sentence that names the fix rather than an undefined.
 * A listed resource the SDK has no module for fails the build (a typo, or a resource renamed by an upgrade).
 */
export function slimStripePlugin(resources: readonly string[] = STRIPE_RESOURCES): Plugin {
  const kept = new Set(resources.map(fileNameOf));
  return {
    name: 'paylink-slim-stripe',
    setup(build) {
      build.onStart(() => {
        const resourcesDir = path.join(
          path.dirname(createRequire(import.meta.url).resolve('stripe')),
          '..',
          'esm',
          'resources',
        );
        const missing = [...kept].filter(
          (name) => !existsSync(path.join(resourcesDir, `${name}.js`)) && !existsSync(path.join(resourcesDir, name)),
        );
        return {
          errors: missing.map((name) => ({
            text: `STRIPE_RESOURCES names a Stripe resource the SDK does not have: ${name} (functions/function-spec.ts)`,
          })),
        };
      });
      build.onResolve({ filter: new RegExp(`^${DROPPED_MODULE}$`) }, () => ({
        path: DROPPED_MODULE,
        namespace: DROPPED_MODULE,
      }));
      build.onLoad({ filter: /.*/, namespace: DROPPED_MODULE }, () => ({
        contents: [
          'const message = (key) => `This part of the Stripe SDK is left out of Paylink\'s function bundles (docs/decisions.md #95): add its resource to STRIPE_RESOURCES (functions/function-spec.ts) to use "${key}"`;',
          'export class Dropped { constructor() { return new Proxy({}, { get(_, key) { if (typeof key === "symbol") return undefined; throw new Error(message(key)); } }); } }',
        ].join('\n'),
        loader: 'js',
      }));
      const standIn = (file: string) => {
        const names = [...readFileSync(file, 'utf8').matchAll(/^export class (\w+)/gm)].map((match) => match[1]);
        return {
          contents: names.length
            ? `import { Dropped } from '${DROPPED_MODULE}';\n${names.map((name) => `export const ${name} = Dropped;`).join('\n')}\n`
            : 'export {};\n',
          loader: 'js' as const,
        };
      };
      build.onLoad({ filter: STRIPE_RESOURCE_FILE }, (args) => {
        const [, inResources] = args.path.split(/[\\/]esm[\\/]resources[\\/]/);
        const resource = inResources!.split(/[\\/]/)[0]!.replace(/\.js$/, '');
        return kept.has(resource) ? undefined : standIn(args.path);
      });
      build.onLoad({ filter: STRIPE_CORE_UNUSED }, (args) => standIn(args.path));
      build.onLoad({ filter: STRIPE_RESOURCE_INDEX }, (args) => ({
        contents: readFileSync(args.path, 'utf8')
          .split('\n')
          .filter((line) => {
            const reExport = /^export \{ (\w+)(?: as \w+)? \} from '\.\/resources\/(\w+)/.exec(line);
            return reExport !== null && (kept.has(reExport[2]!) || reExport[1] === 'OAuthResource');
          })
          .join('\n'),
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

/**
 * Folders whose modules do nothing when imported — they only define: the shared contracts (schemas and
 * constants) and the domain rules (functions, constants; ports are passed in). A bundler must still keep
 * every top-level call of a module a function imports one name from — each schema of a contract
 * (`z.object(…)`), a rule module's `tz('UTC')`, and what those pull in (zod, @date-fns/tz) — as it cannot
 * prove a call free of side effects. Declared free of them here (esbuild's `sideEffects: false`, as a
 * package.json declares it), a function carries only the schemas and rules it reaches, and none of zod when
 * it parses nothing (docs/decisions.md #101). So these folders must stay so: no top-level work other than
 * building their own values (no `z.config`, no registry writes, no clients).
 */
const SIDE_EFFECT_FREE_FILE = /[\\/](shared[\\/]contracts|functions[\\/]domain)[\\/][^\\/]+\.ts$/;
/** How such a module is imported: by its alias, or by a relative path. */
const MAYBE_SIDE_EFFECT_FREE = /^(@shared\/contracts\/|@functions\/domain\/|\.\.?\/)/;
const RESOLVING = Symbol('paylink-side-effect-free');

export function sideEffectFreePlugin(): Plugin {
  return {
    name: 'paylink-side-effect-free',
    setup(build) {
      build.onResolve({ filter: MAYBE_SIDE_EFFECT_FREE }, async (args) => {
        if (args.pluginData === RESOLVING || args.importer.includes('node_modules')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        return SIDE_EFFECT_FREE_FILE.test(resolved.path)
          ? { ...resolved, pluginData: undefined, sideEffects: false }
          : undefined;
      });
    },
  };
}

const REQUIRED_BUILTIN = 'paylink-required-builtin';

/**
 * Node's `http` imported as an ES module evaluates every one of its exports, the lazy `WebSocket`,
 * `CloseEvent` and `MessageEvent` included, and so loads Node's own copy of undici (~13 ms of each cold
 * start of a function that calls Stripe, which never opens a WebSocket); `require('node:http')` leaves
 * those lazy. The Stripe SDK's `import * as http_ from 'http'` (it uses `http_.default || http_`) is given
 * the required module instead, as is any other import of `http` or `https` (docs/decisions.md #109).
 */
export function requiredNodeHttpPlugin(): Plugin {
  return {
    name: 'paylink-required-node-http',
    setup(build) {
      build.onResolve({ filter: /^(node:)?https?$/ }, (args) =>
        // The stand-in's own require is Node's module itself, left to the runtime.
        args.namespace === REQUIRED_BUILTIN
          ? { path: args.path, external: true }
          : { path: args.path.replace(/^node:/, ''), namespace: REQUIRED_BUILTIN },
      );
      build.onLoad({ filter: /.*/, namespace: REQUIRED_BUILTIN }, (args) => ({
        contents: `module.exports = require('node:${args.path}');`,
        loader: 'js',
      }));
    },
  };
}

/** The esbuild options of one function's bundle; the caller adds where it goes (a file, or memory). */
export function functionBuildOptions(
  repoRoot: string,
  entry: string,
  /** Stripe resources beyond STRIPE_RESOURCES that this function calls (its entry's `stripeResources`). */
  occasionalStripeResources: readonly string[] = [],
): BuildOptions {
  return {
    entryPoints: [path.join(repoRoot, entry)],
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    target: FUNCTION_TARGET,
    minify: true,
    format: 'esm',
    mainFields: ['module', 'main'],
    // The runtime ships AWS SDK v3; bundling our own copy would only slow cold starts.
    external: ['@aws-sdk/*'],
    // Some bundled dependencies are CommonJS and call require(); an ES module has no require of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    plugins: [
      slimStripePlugin([...STRIPE_RESOURCES, ...occasionalStripeResources]),
      sideEffectFreePlugin(),
      requiredNodeHttpPlugin(),
    ],
    logLevel: 'warning',
  };
}
