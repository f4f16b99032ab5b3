/**
 * The bench's web pages: what a first visit to each page downloads (`pageBytes`) and Lighthouse on each page a
 * visitor reaches from the landing page, the payer's pages and the signed-in dashboard (`lighthousePages`).
 * tests/bench/run.ts runs them (PAYLINK_BENCH_ONLY=lighthouse runs only these).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import { chunkKeyOf, entryChunks, readViteManifest, type ViteManifest } from '../support/vite-manifest';
import type { BenchReport } from './report';

/**
 * What a first visit to each page downloads, by the module graph in Vite's manifest (web/dist/.vite/
 * manifest.json): the entry chunk (index.html's script and stylesheet) and the app chunk it picks for the
 * address, with the chunks they import; the route's own lazy chunks, with theirs; and the chunks the route
 * loads with import() as it mounts, named in `onMount` by chunk name. Other import()s wait for a click or for
 * a condition (the payer's toasts, the PDF maker; Amplify, which the dashboard loads only to refresh tokens
 * about to expire or to log out, docs/decisions.md #180): they are listed apart, not counted. The figure a
 * browser test holds is measured in Chromium itself (tests/e2e/dashboard-first-visit-bytes.spec.ts).
 */
const PAGES: { page: string; entry?: string; app: string[]; route: string[]; onMount: string[] }[] = [
  // Since the page is server-rendered, these bytes make /p/{id} interactive; none is on its critical path.
  // The stylesheet counted here arrives inlined in the HTML; web/public/payer-boot.js (< 1 KB), which asks
  // for the entry after the first paint, is not in the manifest.
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
  // Prerendered, and its one script is the header's island (docs/decisions.md #90), not the app's entry.
  { page: '/', entry: 'src/landing-island.ts', app: [], route: [], onMount: [] },
  // Prerendered: these bytes arrive once the visitor reaches for the form (web/public/prerendered-boot.js).
  {
    page: '/login',
    app: ['src/app/merchant-app.tsx'],
    route: ['src/app/routes/signed-out-guard-route.tsx', 'src/features/auth/components/login-page.tsx'],
    onMount: [],
  },
  {
    page: '/dashboard',
    app: ['src/app/merchant-app.tsx'],
    route: [
      'src/app/routes/dashboard-guard-route.tsx',
      // The home's loader is in the app's chunk (docs/decisions.md #217).
      'src/features/dashboard/components/dashboard-home.tsx',
      // The contracts, asked for by the entry to be run in a task of their own (docs/decisions.md #276).
      'src/app/dashboard-contracts.ts',
    ],
    onMount: [],
  },
];

export function pageBytes({ dist, report, bench }: { dist: string; report: BenchReport; bench: string }) {
  let manifest: ViteManifest;
  try {
    manifest = readViteManifest(dist);
  } catch {
    console.log('.vite/manifest.json missing: run `npm run build` for the bytes each page loads');
    return;
  }
  const chunk = (source: string) => {
    const key = manifest[source] ? source : chunkKeyOf(manifest, source);
    const found = manifest[key];
    if (!found) throw new Error(`${key} is not in the Vite manifest: update PAGES in tests/bench/web-pages.ts`);
    return found;
  };
  const appEntryChunks = entryChunks(manifest);
  /** Adds `roots` and what they import to `into`; with `onMount`, also the import()s it names, the rest to `later`. */
  const collect = (roots: string[], onMount: string[] | null, into: Set<string>, later: Set<string>) => {
    const visit = (key: string) => {
      if (into.has(key)) return;
      into.add(key);
      const current = chunk(key);
      for (const next of current.imports ?? []) visit(next);
      // The entry's import()s are the two apps; a page loads one of them, named in `app`.
      if (!onMount || appEntryChunks.has(key)) return;
      for (const next of current.dynamicImports ?? []) {
        if (onMount.includes(chunk(next).name ?? '')) visit(next);
        else later.add(next);
      }
    };
    roots.forEach(visit);
  };
  const size = (file: string) => {
    const bytes = readFileSync(path.join(dist, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };

  const columns = ['files', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'total raw', 'total gzip'];
  const row = (label: string, cells: (string | number)[]) =>
    console.log(`  ${label.padEnd(18)}${cells.map((cell) => String(cell).padStart(11)).join('')}`);
  console.log('\nWhat a first visit downloads: JS + CSS bytes, by the Vite manifest (gzip level 9)');
  row('page', columns);
  const notCounted: string[] = [];
  const figures: Record<string, { files: number; jsGzip: number; cssGzip: number; totalGzip: number }> = {};
  for (const { page, entry = 'index.html', app, route, onMount } of PAGES) {
    const keys = new Set<string>();
    const later = new Set<string>();
    collect([entry, ...app], null, keys, later);
    collect(route, onMount, keys, later);
    // Every page has the app's stylesheet (the prerendered ones and /p/{id} inline it), whatever its script.
    const stylesheet = [...appEntryChunks].flatMap((key) => chunk(key).css ?? []);
    const files = new Set([...stylesheet, ...[...keys].flatMap((key) => [chunk(key).file, ...(chunk(key).css ?? [])])]);
    const js = { raw: 0, gzip: 0 };
    const css = { raw: 0, gzip: 0 };
    for (const file of files) {
      const { raw, gzip } = size(file);
      const kind = file.endsWith('.css') ? css : js;
      kind.raw += raw;
      kind.gzip += gzip;
    }
    figures[page] = { files: files.size, jsGzip: js.gzip, cssGzip: css.gzip, totalGzip: js.gzip + css.gzip };
    row(page, [files.size, js.raw, js.gzip, css.raw, css.gzip, js.raw + css.raw, js.gzip + css.gzip]);
    for (const key of later) {
      if (!keys.has(key)) notCounted.push(`${page} ${chunk(key).file} (${size(chunk(key).file).gzip} B gzip)`);
    }
  }
  if (notCounted.length > 0) console.log(`  Not counted (loaded on a click): ${notCounted.join(', ')}`);
  const command = `${bench} (the Vite manifest's module graph, gzip level 9)`;
  report.section('firstVisitBytes', { ...figures, command });
  report.row(
    'First visit JS + CSS, gzip',
    Object.entries(figures)
      .map(([page, { totalGzip }]) => `\`${page}\` ${(totalGzip / 1000).toFixed(1)} KB`)
      .join(', '),
    command,
  );
}

/**
 * Lighthouse (mobile, simulated throttling, median of 3) on the pages a phone opens, served by the local
 * gateway as CloudFront serves them (compressed, cache headers, over HTTP/2), and the floor: a bare React +
 * Vite page with the same versions, served by a second gateway (no functions) the same way. Each row names
 * the page's largest element and how long its text waited after the first byte (docs/decisions.md #144), and
 * LCP − FCP as the browser recorded them: 0 when the largest element painted in the first frame.
 */
export async function lighthousePages({
  env,
  report,
  command,
  isMeasured,
  linkId,
}: {
  env: TestRuntime;
  report: BenchReport;
  command: string;
  isMeasured: (page: string) => boolean;
  linkId: string;
}) {
  const { startLocalGateway } = await import('@infra/local/gateway');
  const { startLighthouse, buildBareReactPage, LIGHTHOUSE_RUNS } = await import('./lighthouse');
  const bareDist = await buildBareReactPage();
  const bareGateway = await startLocalGateway({
    port: 0,
    functions: [],
    runtimeConfig: env.runtime.runtimeConfig,
    staticDir: bareDist,
  });
  const session = await startLighthouse();
  const figures: Record<string, unknown> = {};
  try {
    const merchant = await env.createMerchant();
    await env.connectStripe(merchant);
    const pages: { page: string; url: () => Promise<string>; signedIn?: boolean; reportName?: string }[] = [
      { page: '/p/{id}', url: async () => `${env.baseUrl}/p/${linkId}` },
      { page: '/', url: async () => `${env.baseUrl}/` },
      { page: '/login', url: async () => `${env.baseUrl}/login` },
      { page: '/signup', url: async () => `${env.baseUrl}/signup` },
      { page: '/support', url: async () => `${env.baseUrl}/support` },
      ...LEGAL_PAGES.map((page) => ({ page, url: async () => `${env.baseUrl}${page}` })),
      { page: '/r/{token}', url: async () => `${env.baseUrl}${await receiptPath(env, merchant)}` },
      { page: '/dashboard (signed in, empty cache)', url: async () => `${env.baseUrl}/dashboard`, signedIn: true },
      // Its path is the landing page's: its kept reports are named apart.
      { page: 'bare React + Vite (the floor)', url: async () => `${bareGateway.url}/`, reportName: 'floor' },
    ];
    console.log(`\nLighthouse: mobile, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs`);
    const row = (cells: (string | number)[]) =>
      console.log(
        `  ${String(cells[0]).padEnd(36)}${cells
          .slice(1, -1)
          .map((cell) => String(cell).padStart(10))
          .join(' ')}  ${cells.at(-1)}`,
      );
    row([
      'page',
      'score',
      'runs',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'own TBT',
      'bytes',
      'requests',
      'LCP−FCP',
      'delay ms',
      'LCP element',
      'font calls',
    ]);
    for (const { page, url, signedIn, reportName } of pages) {
      if (!isMeasured(page)) continue;
      const signIn = signedIn ? { loginUrl: `${env.baseUrl}/login`, credentials: merchant } : undefined;
      const measured = await session.measure(await url(), { signIn, reportName });
      const sameFrame = measured.observedLcpMs - measured.observedFcpMs;
      figures[page] = { ...measured, observedLcpAfterFcpMs: sameFrame };
      row([
        page,
        measured.score,
        measured.runScores.join('/'),
        measured.fcpMs,
        measured.lcpMs,
        measured.tbtMs,
        measured.ownWorkTbtMs,
        measured.totalBytes,
        measured.requests,
        sameFrame,
        measured.lcpRenderDelayMs,
        measured.lcpElement,
        measured.fontCalls.calls,
      ]);
      report.row(
        `Lighthouse \`${page}\` (score (each run's) / FCP / LCP / TBT (its tasks' CPU time alone) / bytes; observed LCP − FCP, LCP element and its render delay; Lighthouse's benchmark index; synchronous font calls)`,
        `${measured.score} (${measured.runScores.join(', ')}) / ${measured.fcpMs.toLocaleString('en-NZ')} ms / ${measured.lcpMs.toLocaleString('en-NZ')} ms / ${measured.tbtMs} ms (${measured.ownWorkTbtMs} ms) / ${measured.totalBytes.toLocaleString('en-NZ')} B; ${sameFrame} ms, \`${measured.lcpElement}\` ${measured.lcpRenderDelayMs.toLocaleString('en-NZ')} ms; ${measured.benchmarkIndex.map((index) => index.toLocaleString('en-NZ')).join('–')}; ${measured.fontCalls.calls} (${measured.fontCalls.families.join(', ')})`,
        command,
      );
    }
  } finally {
    await session.close();
    await bareGateway.stop();
  }
  report.section('lighthouse', { ...figures, command });
}

/** The legal pages a visitor reaches from the landing page's footer (web/src/app/router.tsx). */
const LEGAL_PAGES = ['/terms', '/privacy', '/stripe-disclaimer'];

/** A paid payment's receipt page, as its payer opens it from the success page (without the payer's key). */
async function receiptPath(env: TestRuntime, merchant: TestMerchant): Promise<string> {
  const { paymentId } = await env.paidPayment(merchant);
  const detail = await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken });
  const { receiptPath } = (await detail.json()) as { receiptPath?: string | null };
  if (!receiptPath) throw new Error(`payment ${paymentId} has no receipt page`);
  return receiptPath.split('?')[0]!;
}
