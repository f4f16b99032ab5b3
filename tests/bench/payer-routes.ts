/**
 * The bench's payer section: /p/{id}'s critical path and the payer's three requests under load
 * (tests/bench/run.ts runs it).
 */
import http from 'node:http';
import { OPEN_CHECKOUTS_PER_LINK } from '@functions/domain/checkout';
import { CHECKOUTS_PER_CLIENT_PER_LINK } from '@functions/domain/checkout-holds';
import type { TestRuntime } from '../integration/harness';
import { loadLatency } from './load';
import type { BenchReport } from './report';

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
 * /p/{id}'s critical path (docs/decisions.md #22): the one response that carries the amount, its markup and
 * (with a built SPA) the inlined stylesheet. The script that makes it interactive follows, off that path.
 */
export async function payerPageCriticalPath({
  env,
  report,
  problems,
  bench,
  builtSpa,
  linkId,
}: {
  env: TestRuntime;
  report: BenchReport;
  problems: string[];
  bench: string;
  builtSpa: boolean;
  linkId: string;
}) {
  const url = `${env.baseUrl}/p/${linkId}`;
  const [br, gzip, raw] = await Promise.all([
    encodedBytes(url, 'br'),
    encodedBytes(url, 'gzip'),
    encodedBytes(url, 'identity'),
  ]);
  const html = await (await env.api(`/p/${linkId}`)).text();
  const amountInHtml = html.includes('$5.50');
  if (!amountInHtml) problems.push("/p/{id}'s HTML does not show the amount");
  console.log(
    `\n/p/{id} critical path: ${amountInHtml ? 1 : 'more than 1'} request before the amount shows; document ${raw} B raw, ${gzip} B gzip, ${br} B brotli` +
      (builtSpa ? ' (stylesheet inlined)' : ' (no built SPA: unstyled; run `npm run build`)'),
  );
  report.section('payerPageCriticalPath', { requestsBeforeAmount: amountInHtml ? 1 : null, raw, gzip, brotli: br });
  report.row(
    '`/p/{id}` critical path',
    `${amountInHtml ? 1 : '>1'} request; ${gzip.toLocaleString('en-NZ')} B gzip, ${br.toLocaleString('en-NZ')} B brotli`,
    bench,
  );
}

/**
 * p50/p99 of the payer's three requests under autocannon. A link holds at most OPEN_CHECKOUTS_PER_LINK open
 * Checkouts (the next payer is told to try again, docs/decisions.md #58), and one client address, as every
 * request here is, at most CHECKOUTS_PER_CLIENT_PER_LINK of them (#168), so the checkouts go round enough of the
 * merchant's links (`createLink` makes another) that none is full: the figure is of checkouts made, not of
 * refusals.
 */
export async function underLoad({
  env,
  report,
  load,
  command,
  linkId,
  createLink,
}: {
  env: TestRuntime;
  report: BenchReport;
  load: { requests: number; connections: number };
  command: string;
  linkId: string;
  createLink: () => Promise<string>;
}) {
  const checkoutsPerLink = Math.min(OPEN_CHECKOUTS_PER_LINK, CHECKOUTS_PER_CLIENT_PER_LINK);
  const checkoutLinks = [linkId];
  while (checkoutLinks.length * checkoutsPerLink < load.requests) checkoutLinks.push(await createLink());
  const routes = [
    { label: 'GET /p/{id}', url: `${env.baseUrl}/p/${linkId}` },
    { label: 'GET /api/links/{id}', url: `${env.baseUrl}/api/links/${linkId}` },
    {
      label: 'POST /api/checkout',
      url: `${env.baseUrl}/api/checkout`,
      method: 'POST' as const,
      bodies: checkoutLinks.map((link) => JSON.stringify({ linkId: link, tip: 'percent' })),
    },
  ];
  console.log(`\nUnder load: autocannon, ${load.requests} requests over ${load.connections} connections each`);
  const figures: Record<string, unknown> = {};
  const cells: string[] = [];
  for (const route of routes) {
    const measured = await loadLatency(route, load);
    figures[route.label] = measured;
    cells.push(`${route.label} ${measured.p50Ms} / ${measured.p99Ms} ms (${measured.requestsPerSecond} req/s)`);
    console.log(
      `  ${route.label.padEnd(22)} p50 ${measured.p50Ms} ms   p99 ${measured.p99Ms} ms   ${measured.requestsPerSecond} req/s`,
    );
  }
  report.section('underLoad', { ...figures, command });
  report.row('p50 / p99 under load (throughput)', cells.join('; '), command);
}
