/**
 * `npm run bench`: latency of the local gateway's slice (public and merchant routes), the merchant's stats
 * and payments at 100 and at 10,000 payments, the DynamoDB calls each money-path and dashboard request makes
 * (counted at the client), the size of the built SPA's chunks, and the JS + CSS bytes a first visit to the
 * payer's page and to the dashboard downloads. Not part of `npm test`: timings vary with the machine; read
 * them, don't assert them (the call counts do not vary: the integration tests assert those that matter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { quietAwsSdkNotices } from '../../infra/local/quiet-sdk-notices';
import type { TestMerchant } from '../integration/harness';

quietAwsSdkNotices();
const { bootLocalRuntime } = await import('../integration/harness');
const { countDynamoCalls } = await import('../support/dynamodb-call-counter');
const { seedSettledPayments } = await import('../support/payments-seed');

const REQUESTS = 500;
/** Per figure in the history-size table: 10,000-payment pages are slower, and there are six figures. */
const HISTORY_REQUESTS = 200;
/** Each call count is taken this many times, to show it does not vary. */
const CALL_RUNS = 5;
const DAY_MS = 86_400_000;
/** Fresh `node` processes per cold-import figure. */
const COLD_RUNS = 5;
const LIGHTHOUSE_COMMAND = 'npm run bench (lighthouse 12, mobile, simulated throttling, median of 3)';
const FUNCTIONS_COMMAND = 'npm run bench (esbuild as CDK bundles; node <bundle>.mjs vs node -e 0, median of 5)';

/** Everything bench/results.json holds; each figure names the command that produced it. */
const results: {
  lighthouse: Record<string, Record<string, number | string>>;
  functions: Record<string, { bytes: number; coldImportMs: number | null; overBareMs: number | null; command: string }>;
  coldImportBaselineMs?: number;
} = { lighthouse: {}, functions: {} };

/** p50, p95 and p99 in ms of `count` sequential requests, after 20 to warm up. */
async function latency(request: () => Promise<Response>, count: number) {
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer(); // warm up
  const timings: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function measure(label: string, request: () => Promise<Response>) {
  const { p50, p95, p99 } = await latency(request, REQUESTS);
  console.log(`${label.padEnd(28)} p50 ${p50} ms   p95 ${p95} ms   p99 ${p99} ms   (${REQUESTS} sequential)`);
}

// PAYLINK_BENCH_DIST_DIR measures another build (`vite build --outDir …`), as PAYLINK_E2E_STATIC_DIR tests one.
const DIST = process.env.PAYLINK_BENCH_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');

function bundleSizes() {
  const assets = path.join(DIST, 'assets');
  let files: string[];
  try {
    files = readdirSync(assets).filter((file) => file.endsWith('.js') || file.endsWith('.css'));
  } catch {
    console.log('web/dist not built: run `npm run build` for bundle sizes');
    return;
  }
  console.log(`\n${path.relative(process.cwd(), assets)} (raw / gzip bytes)`);
  for (const file of files.sort()) {
    const full = path.join(assets, file);
    console.log(
      `  ${file.padEnd(40)} ${String(statSync(full).size).padStart(8)} ${String(gzipSync(readFileSync(full)).length).padStart(8)}`,
    );
  }
}

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * What a first visit to each page downloads, by the module graph in Vite's manifest (web/dist/.vite/
 * manifest.json): the entry chunk (index.html's script and stylesheet) and the app chunk it picks for the
 * address, with the chunks they import; the route's own lazy chunks, with theirs; and the chunks the route
 * loads with import() as it mounts, named in `onMount` by chunk name (the dashboard's guard reads the
 * session through lib/auth.ts, i.e. Amplify). Other import()s wait for a click (the payer's toasts, the PDF
 * maker): they are listed apart, not counted.
 */
const PAGES: { page: string; app: string[]; route: string[]; onMount: string[] }[] = [
  // Since the page is server-rendered, these bytes make /p/{id} interactive; none is on its critical path.
  {
    page: '/p/{id}',
    app: [],
    route: ['src/features/payer/components/payment-page.tsx', 'src/features/payer/api/server-rendered-link.ts'],
    onMount: [],
  },
  {
    page: '/payment-success',
    app: [],
    route: ['src/features/payer/components/payment-success-page.tsx'],
    onMount: [],
  },
  {
    page: '/',
    app: ['src/app/merchant-app.tsx'],
    route: ['src/features/landing/components/landing-page.tsx'],
    onMount: [],
  },
  // Issue 14 item 3: what the sign-in page loads before first paint (Amplify and the zod schemas, today).
  {
    page: '/login',
    app: ['src/app/merchant-app.tsx'],
    route: ['src/app/routes/signed-out-guard-route.tsx', 'src/features/auth/components/login-page.tsx'],
    onMount: [],
  },
  {
    page: '/dashboard',
    app: ['src/app/merchant-app.tsx'],
    route: ['src/app/routes/dashboard-guard-route.tsx', 'src/features/dashboard/components/dashboard-home.tsx'],
    onMount: ['auth'],
  },
];

function pageBytes() {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    console.log('.vite/manifest.json missing: run `npm run build` for the bytes each page loads');
    return;
  }
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`${key} is not in the Vite manifest: update PAGES in tests/bench/run.ts`);
    return found;
  };
  /** Adds `roots` and what they import to `into`; with `onMount`, also the import()s it names, the rest to `later`. */
  const collect = (roots: string[], onMount: string[] | null, into: Set<string>, later: Set<string>) => {
    const visit = (key: string) => {
      if (into.has(key)) return;
      into.add(key);
      const current = chunk(key);
      for (const next of current.imports ?? []) visit(next);
      // The entry's import()s are the two apps; a page loads one of them, named in `app`.
      if (!onMount || current.isEntry) return;
      for (const next of current.dynamicImports ?? []) {
        if (onMount.includes(chunk(next).name ?? '')) visit(next);
        else later.add(next);
      }
    };
    roots.forEach(visit);
  };
  const size = (file: string) => {
    const bytes = readFileSync(path.join(DIST, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };

  const columns = ['files', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'total raw', 'total gzip'];
  const row = (label: string, cells: (string | number)[]) =>
    console.log(`  ${label.padEnd(18)}${cells.map((cell) => String(cell).padStart(11)).join('')}`);
  console.log('\nWhat a first visit downloads: JS + CSS bytes, by the Vite manifest (gzip level 9)');
  row('page', columns);
  const notCounted: string[] = [];
  for (const { page, app, route, onMount } of PAGES) {
    const keys = new Set<string>();
    const later = new Set<string>();
    collect(['index.html', ...app], null, keys, later);
    collect(route, onMount, keys, later);
    const files = new Set([...keys].flatMap((key) => [chunk(key).file, ...(chunk(key).css ?? [])]));
    const js = { raw: 0, gzip: 0 };
    const css = { raw: 0, gzip: 0 };
    for (const file of files) {
      const { raw, gzip } = size(file);
      const kind = file.endsWith('.css') ? css : js;
      kind.raw += raw;
      kind.gzip += gzip;
    }
    row(page, [files.size, js.raw, js.gzip, css.raw, css.gzip, js.raw + css.raw, js.gzip + css.gzip]);
    for (const key of later) {
      if (!keys.has(key)) notCounted.push(`${page} ${chunk(key).file} (${size(chunk(key).file).gzip} B gzip)`);
    }
  }
  if (notCounted.length > 0) console.log(`  Not counted (loaded on a click): ${notCounted.join(', ')}`);
}

// The per-client limit on public routes would refuse a benchmark's hundreds of requests from one address.
// With a built SPA the gateway serves it, so /p/{id} is measured as a phone gets it (its stylesheet inlined).
const builtSpa = existsSync(path.join(DIST, 'index.html'));
const env = await bootLocalRuntime({ publicRateLimit: false, ...(builtSpa && { staticDir: DIST }) });
try {
  const merchant = await env.createMerchant();
  await env.connectStripe(merchant);
  const linkId = await createLink(merchant);
  await measure('GET /api/health', () => env.api('/api/health'));
  await measure('GET /api/me (JWT verified)', () => env.api('/api/me', { token: merchant.accessToken }));
  await measure("GET /api/links/{id} (the payer page's read)", () => env.api(`/api/links/${linkId}`));
  await measure('GET /p/{id} (server-rendered page)', () => env.api(`/p/${linkId}`));
  await payerPageCriticalPath(linkId);
  await historySizes();
  if (process.env.PAYLINK_BENCH_SKIP_LIGHTHOUSE) console.log('\nLighthouse skipped (PAYLINK_BENCH_SKIP_LIGHTHOUSE)');
  else if (!builtSpa) console.log('\nLighthouse needs a built SPA: run `npm run build`');
  else await lighthousePages(linkId);
} finally {
  await env.stop();
}

/** The bytes of GET /p/{id} on the wire, as the gateway (like CloudFront) compresses them: no decoding. */
function encodedBytes(url: string, encoding: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/**
 * /p/{id}'s critical path (DECISIONS.md row 22): the one response that carries the amount, its markup and
 * (with a built SPA) the inlined stylesheet. The script that makes it interactive follows, off that path.
 */
async function payerPageCriticalPath(linkId: string) {
  const url = `${env.baseUrl}/p/${linkId}`;
  const [br, gzip, raw] = await Promise.all(['br', 'gzip', 'identity'].map((encoding) => encodedBytes(url, encoding)));
  console.log(
    `
/p/{id} critical path: 1 request before the amount shows; document ${raw} B raw, ${gzip} B gzip, ${br} B brotli` +
      (builtSpa ? ' (stylesheet inlined)' : ' (no built SPA: unstyled; run `npm run build`)'),
  );
}

async function createLink(owner: TestMerchant) {
  const link = await env.api('/api/me/links', {
    method: 'POST',
    token: owner.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Flat white', isOpenAmount: false, amountCents: 550, tipPercent: 10 }),
  });
  return ((await link.json()) as { linkId: string }).linkId;
}

/**
 * Two merchants, one with 100 payments and one with 10,000, seeded through the repository and `settle()`
 * as the stats integration test seeds them (settled over the last 28 days, one in ten failed); one payer
 * email in a hundred holds `rare.bird`, the sparse filter.
 */
async function historySizes() {
  const calls = countDynamoCalls();
  const now = Date.now();
  const sizes = [100, 10_000];
  const merchants: { merchant: TestMerchant; linkId: string }[] = [];
  for (const size of sizes) {
    const merchant = await env.createMerchant();
    await env.connectStripe(merchant);
    const started = performance.now();
    await seedSettledPayments(env, {
      merchantId: merchant.sub,
      count: size,
      settledAt: (index) => new Date(now - (index % 28) * DAY_MS - 60_000 - index),
      status: (index) => (index % 10 === 3 ? 'failed' : 'succeeded'),
      details: (index) => ({
        payerEmail: index % 100 === 0 ? `Rare.Bird${index}@example.com` : `payer${index}@example.com`,
        payerName: `Payer ${index}`,
      }),
    });
    console.log(
      `\nseeded ${size.toLocaleString('en-NZ')} payments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    merchants.push({ merchant, linkId: await createLink(merchant) });
  }
  await env.settle();

  const merchantRoutes: { label: string; path: string }[] = [
    { label: 'GET /api/me/stats', path: '/api/me/stats' },
    { label: 'GET /api/me/payments (1st page)', path: '/api/me/payments' },
    { label: '  ?customerEmail=rare.bird (1%)', path: '/api/me/payments?customerEmail=rare.bird' },
  ];
  const row = (label: string, cells: string[], width: number) =>
    console.log(`  ${label.padEnd(34)}${cells.map((cell) => cell.padStart(width)).join('')}`);
  const sizeNames = sizes.map((size) => `${size.toLocaleString('en-NZ')} payments`);

  console.log(`\nBy payment history: p50 / p95 / p99 ms (${HISTORY_REQUESTS} sequential each)`);
  row('request', sizeNames, 28);
  for (const { label, path } of merchantRoutes) {
    const cells: string[] = [];
    for (const { merchant } of merchants) {
      const { p50, p95, p99 } = await latency(() => env.api(path, { token: merchant.accessToken }), HISTORY_REQUESTS);
      cells.push(`${p50} / ${p95} / ${p99}`);
    }
    row(label, cells, 28);
  }

  /** The calls one request makes, taken CALL_RUNS times with the bus settled before each. */
  const callsOf = async (request: () => Promise<Response>) => {
    const runs: { calls: number; byCommand: Record<string, number> }[] = [];
    for (let run = 0; run < CALL_RUNS; run++) {
      await env.settle();
      const { result: response, ...counted } = await calls.during(async () => {
        const answered = await request();
        await answered.arrayBuffer();
        return answered;
      });
      if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
      runs.push(counted);
    }
    const totals = runs.map((run) => run.calls);
    const last = Object.entries(runs.at(-1)!.byCommand)
      .map(([command, count]) => `${command.replace(/Command$/, '')} ${count}`)
      .join(', ');
    return new Set(totals).size === 1 ? `${totals[0]} (${last})` : `varies ${totals.join('/')}`;
  };
  const callRoutes: { label: string; request: (subject: (typeof merchants)[number]) => Promise<Response> }[] = [
    { label: 'GET /api/links/{id}', request: ({ linkId }) => env.api(`/api/links/${linkId}`) },
    { label: 'GET /p/{id}', request: ({ linkId }) => env.api(`/p/${linkId}`) },
    {
      label: 'POST /api/checkout',
      request: ({ linkId }) =>
        env.api('/api/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ linkId, tip: 'none' }),
        }),
    },
    ...merchantRoutes.map(({ label, path }) => ({
      label,
      request: ({ merchant }: (typeof merchants)[number]) => env.api(path, { token: merchant.accessToken }),
    })),
  ];
  console.log(`\nDynamoDB calls per request, counted at the client (${CALL_RUNS} runs each; by command, last run)`);
  row('request', sizeNames, 42);
  for (const { label, request } of callRoutes) {
    const cells: string[] = [];
    for (const subject of merchants) cells.push(await callsOf(() => request(subject)));
    row(label, cells, 42);
  }
}
bundleSizes();
pageBytes();
await functionBundles();
writeResults();

/**
 * Lighthouse (mobile, simulated throttling, median of 3) on the pages a phone opens, served by the local
 * gateway as CloudFront serves them (compressed, cache headers), and the floor: a bare React + Vite page with
 * the same versions, served by a second gateway (no functions) the same way.
 */
async function lighthousePages(linkId: string) {
  const { startLocalGateway } = await import('../../infra/local/gateway');
  const { freePorts } = await import('../../infra/local/ports');
  const { startLighthouse, buildBareReactPage, LIGHTHOUSE_RUNS } = await import('./lighthouse');
  const bareDist = await buildBareReactPage();
  const bareGateway = await startLocalGateway({
    port: (await freePorts()).gateway,
    functions: [],
    tokenIssuer: 'bench',
    userPoolClientId: 'bench',
    runtimeConfig: env.runtime.runtimeConfig,
    staticDir: bareDist,
  });
  const session = await startLighthouse();
  try {
    const merchant = await env.createMerchant();
    await env.connectStripe(merchant);
    const pages: { page: string; url: string; signedIn?: boolean }[] = [
      { page: '/p/{id}', url: `${env.baseUrl}/p/${linkId}` },
      { page: '/', url: `${env.baseUrl}/` },
      { page: '/login', url: `${env.baseUrl}/login` },
      { page: '/dashboard (signed in)', url: `${env.baseUrl}/dashboard`, signedIn: true },
      { page: 'bare React + Vite', url: `${bareGateway.url}/` },
    ];
    console.log(`\nLighthouse: mobile, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs`);
    const row = (cells: (string | number)[]) =>
      console.log(
        `  ${String(cells[0]).padEnd(24)}${cells
          .slice(1)
          .map((cell) => String(cell).padStart(10))
          .join('')}`,
      );
    row(['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'bytes', 'requests']);
    for (const { page, url, signedIn } of pages) {
      if (signedIn) await session.signIn(`${env.baseUrl}/login`, merchant);
      const figures = await session.measure(url, { keepStorage: signedIn });
      results.lighthouse[page] = { ...figures, command: LIGHTHOUSE_COMMAND };
      row([page, figures.score, figures.fcpMs, figures.lcpMs, figures.tbtMs, figures.totalBytes, figures.requests]);
    }
  } finally {
    await session.close();
    await bareGateway.stop();
  }
}

/**
 * Each catalogue function bundled as CDK bundles it, its bytes, and its cold import: a fresh `node` running
 * the bundle (so it loads and evaluates everything at module scope, as a Lambda cold start does) against a
 * bare `node -e 0`, median of COLD_RUNS each. The bundles resolve the AWS SDK (left external, as in the
 * cloud) from the repository's node_modules.
 */
async function functionBundles() {
  const { bundleCatalog } = await import('./function-bundles');
  const scratch = path.resolve(import.meta.dirname, '../../node_modules/.cache/paylink-bench-functions');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const median = (args: string[]) => {
    const timings: number[] = [];
    for (let run = 0; run < COLD_RUNS; run++) {
      const started = performance.now();
      const { status } = spawnSync(process.execPath, args, {
        env: { ...process.env, AWS_REGION: 'ap-southeast-2', NODE_OPTIONS: '' },
        stdio: 'ignore',
      });
      if (status !== 0) return null;
      timings.push(performance.now() - started);
    }
    return timings.sort((a, b) => a - b)[Math.floor(COLD_RUNS / 2)]!;
  };
  const bare = median(['-e', '0'])!;
  results.coldImportBaselineMs = Math.round(bare);
  console.log(
    `\nFunction bundles (esbuild as CDK bundles them) and cold import, median of ${COLD_RUNS}; node -e 0: ${bare.toFixed(0)} ms`,
  );
  console.log(
    `  ${'function'.padEnd(34)}${'bytes'.padStart(10)}${'import ms'.padStart(12)}${'over bare'.padStart(12)}`,
  );
  for (const bundle of await bundleCatalog()) {
    const file = path.join(scratch, `${bundle.name}.mjs`);
    writeFileSync(file, bundle.code);
    const cold = median([file]);
    results.functions[bundle.name] = {
      bytes: bundle.bytes,
      coldImportMs: cold === null ? null : Math.round(cold),
      overBareMs: cold === null ? null : Math.round(cold - bare),
      command: FUNCTIONS_COMMAND,
    };
    console.log(
      `  ${bundle.name.padEnd(34)}${String(bundle.bytes).padStart(10)}${(cold === null ? 'fails' : cold.toFixed(0)).padStart(12)}${(cold === null ? '' : `${cold >= bare ? '+' : ''}${(cold - bare).toFixed(0)}`).padStart(12)}`,
    );
  }
}

function writeResults() {
  const file = path.resolve(import.meta.dirname, '../../bench/results.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...results }, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
}
