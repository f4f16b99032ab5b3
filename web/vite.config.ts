import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { BRAND_NAME } from '../shared/brand.js';
import { compileHints } from './compile-hints-plugin.js';
import { pageRoutesThroughGateway } from './page-routes-plugin.js';
import { prerenderPages } from './prerender-pages-plugin.js';

// Resolved from this file, not the cwd: the local runtime and tests start Vite from the repository root
// with `configFile: 'web/vite.config.ts'`, while `vite build --config web/vite.config.ts` may run anywhere.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRoot = fileURLToPath(new URL('../shared', import.meta.url));
const nodeModulesRoot = fileURLToPath(new URL('../node_modules', import.meta.url));
const gatewayUrl = process.env.PAYLINK_GATEWAY_URL ?? 'http://127.0.0.1:4010';

const receiptPdfSource = fileURLToPath(new URL('./src/features/receipt-pdf/receipt-pdf.ts', import.meta.url));
/** shared/receipt-document.ts's RECEIPT_PDF_SCRIPT, without its leading slash. */
const RECEIPT_PDF_FILE = 'receipt-pdf.js';

/**
 * The receipt page's PDF module (docs/decisions.md #85), built after the app by a build of its own, at a
 * fixed name beside receipt-print.js: the page is drawn by a function that never sees the build, so it
 * names the module by a path that does not change. A separate build, not a second entry of the app's,
 * so the app's chunks stay exactly as they were (a second entry splits out the code both use). The dev
 * server sends the name to the source.
 */
function receiptPdfModule(): Plugin {
  let outDir = '';
  return {
    name: 'paylink-receipt-pdf-module',
    apply: (_config, env) => env.command === 'serve' || !env.isSsrBuild,
    configResolved(resolved) {
      outDir = resolved.build.outDir;
    },
    async closeBundle() {
      if (!outDir) return;
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        resolve: { tsconfigPaths: true },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: false,
          rolldownOptions: {
            input: receiptPdfSource,
            output: {
              entryFileNames: RECEIPT_PDF_FILE,
              chunkFileNames: 'assets/receipt-pdf-[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
            },
          },
        },
      });
    },
    configureServer(server) {
      outDir = '';
      server.middlewares.use(`/${RECEIPT_PDF_FILE}`, (_request, response) => {
        response.statusCode = 302;
        response.setHeader('location', `/@fs${receiptPdfSource}`);
        response.end();
      });
    },
  };
}

/**
 * Shared chunks smaller than this (source bytes before minifying) are copied into their users instead of
 * being a file of their own. 4 KB: one file in three on the dashboard's first visit at the same gzip bytes;
 * 16 KB would save 7 more files for 3.5 KB more, 64 KB 17 more for 24 KB.
 */
const INLINED_CHUNK_MAX_BYTES = 4096;

/**
 * The modules of ours that act when imported (zod's settings, the stylesheet, the entries); every other module
 * under web/src and shared/ only defines. A module added here is one whose import alone must do something.
 */
const SIDE_EFFECT_MODULES = [/\/web\/src\/lib\/zod-(jitless|english)\.ts$/, /\.css($|\?)/, /\/web\/src\/[^/]+\.tsx?$/];
const ownSourceFolders = [fileURLToPath(new URL('./src/', import.meta.url)), `${sharedRoot}/`];

function mayHaveSideEffects(id: string): boolean {
  if (!ownSourceFolders.some((folder) => id.startsWith(folder))) return true;
  return SIDE_EFFECT_MODULES.some((pattern) => pattern.test(id));
}

/** index.html says `%BRAND_NAME%` so the product name keeps its single source (shared/brand.ts). */
function brandNameInHtml(): Plugin {
  return {
    name: 'paylink-brand-name',
    transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', BRAND_NAME),
  };
}

/**
 * The browser's build runs the app on Preact's compat layer in place of React (docs/decisions.md #216): the
 * same components and hooks, ~10 KB of runtime for react-dom's ~65 on every first visit. Only there: the
 * prerender step's server build, the dev server and the tests' node code keep React itself.
 */
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * React Router 7's package exports name its development build under every condition (its issue #14753): a
 * production build would carry its developer warnings, checked on every render. Its production build is the
 * same code with those warnings off; the browser's build takes it by path.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${nodeModulesRoot}/react-router/dist/production/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${nodeModulesRoot}/react-router/dist/production/dom-export.mjs` },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  root: webRoot,
  // @web/…, @shared/… from tsconfig.json's paths, as everywhere else.
  resolve: {
    tsconfigPaths: true,
    ...(command === 'build' && !isSsrBuild && { alias: [...reactOnPreact, ...reactRouterProduction] }),
  },
  plugins: [
    react(),
    tailwindcss(),
    brandNameInHtml(),
    prerenderPages(),
    pageRoutesThroughGateway(gatewayUrl),
    receiptPdfModule(),
    // The browser's scripts only: the prerender step's server build runs in Node.
    ...(isSsrBuild ? [] : [compileHints()]),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each source module to its chunk and the chunks it imports: the bench
    // (tests/bench/run.ts) follows it to count exactly what a page downloads.
    manifest: true,
    rolldownOptions: {
      // The app, and the landing page's header island, which its prerendered HTML loads instead of the app
      // (prerender-pages-plugin.ts, docs/decisions.md #90).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'landing-island': fileURLToPath(new URL('./src/landing-island.ts', import.meta.url)),
      },
      // The browser's build only (the prerender step's server build loads this config too, and needs its
      // entry's exports).
      ...(!isSsrBuild && {
        // Small shared chunks copied into the chunks that use them (docs/decisions.md #110): left alone, a
        // signed-in merchant's first /dashboard was 76 files, many an icon of a few hundred bytes, and the
        // phone's handling of each request and module was most of the page's blocking time. Now 29, and /p/{id}
        // 20 → 10, at the same bytes. Rolldown keeps one instance of each copied module (a registry in its
        // runtime chunk), so state and React contexts stay single. It needs the entry's exports free to move:
        // the entry's code then sits in a chunk the entry file imports (tests/support/vite-manifest.ts).
        preserveEntrySignatures: false,
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINED_CHUNK_MAX_BYTES } } },
        // The app's own modules only define (components, hooks, strings, schemas) and do nothing at top level
        // but the few named in SIDE_EFFECT_MODULES: declared so, a page carries only the modules whose exports
        // it uses, not every module a feature's index.ts re-exports (docs/decisions.md #181).
        treeshake: { moduleSideEffects: mayHaveSideEffects },
      }),
    },
  },
  server: {
    // The dev server reads files only where the app's sources are: its own folder, shared/ and the
    // dependencies. Vite's default is the whole checkout, which would hand the local runtime's secrets and
    // emulator state (.data/: the Stripe key, webhook secrets, every local password) to anyone who asks
    // for /@fs/<checkout>/.data/…; the deny list holds even inside those folders.
    fs: {
      strict: true,
      allow: [webRoot, sharedRoot, nodeModulesRoot],
      deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.data/**', '**/.cognito/**', '**/.git/**'],
    },
    // The app is served from the dev server's own origin: no other page, not even another localhost
    // port, may read it (Vite's default answers any localhost origin).
    cors: false,
    // The local gateway serves the API and the runtime config (it knows cognito-local's port and pool),
    // so the dev server forwards both and the browser sees one origin, as behind CloudFront.
    proxy: {
      '/api': { target: gatewayUrl },
      '/config.json': { target: gatewayUrl },
    },
  },
  preview: {
    // A preview serves a built dist/, whose config.json is written beside it (as the CDK stack does),
    // so only the API is forwarded.
    proxy: {
      '/api': { target: gatewayUrl },
    },
  },
}));
