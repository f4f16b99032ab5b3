/**
 * Latency under load: autocannon against the local gateway, bounded — a fixed number of
 * requests over a fixed number of connections, on the loopback interface only. Every answer must be a 2xx
 * (a refusal would be measured as a fast request), or the figure is refused.
 */
import autocannon from 'autocannon';
import { OPEN_CHECKOUTS_PER_LINK } from '@functions/domain/checkout';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import type { BenchReport } from './report';

export interface LoadFigures {
  requests: number;
  connections: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

export async function loadLatency(
  target: { url: string; method?: 'GET' | 'POST'; body?: string; bodies?: readonly string[] },
  { requests, connections }: { requests: number; connections: number },
): Promise<LoadFigures> {
  const { hostname } = new URL(target.url);
  let sent = 0;
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`load runs on loopback only: ${target.url}`);
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    ...(target.body !== undefined && { body: target.body, headers: { 'content-type': 'application/json' } }),
    // Each request takes the next of `bodies` in turn.
    ...(target.bodies && {
      headers: { 'content-type': 'application/json' },
      requests: [
        { setupRequest: (request: object) => ({ ...request, body: target.bodies![sent++ % target.bodies!.length] }) },
      ],
    }),
    connections,
    amount: requests,
    timeout: 30,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    throw new Error(
      `${target.method ?? 'GET'} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  }
  return {
    requests: result.requests.sent,
    connections,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
  };
}

/**
 * p50/p99 of the payer's three requests under autocannon. A link holds at most OPEN_CHECKOUTS_PER_LINK open
 * Checkouts (the next payer is told to try again, docs/decisions.md #58), so the checkouts go round enough of
 * the merchant's links that none is full: the figure is of checkouts made, not of refusals.
 */
export async function underLoad({
  env,
  report,
  merchant,
  linkId,
  load,
  command,
}: {
  env: TestRuntime;
  report: BenchReport;
  merchant: TestMerchant;
  linkId: string;
  load: { requests: number; connections: number };
  command: string;
}) {
  const checkoutLinks = [linkId];
  while (checkoutLinks.length * OPEN_CHECKOUTS_PER_LINK < load.requests)
    checkoutLinks.push((await env.createLink(merchant)).linkId);
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
  report.section('underLoad', { ...figures, command: command });
  report.row('p50 / p99 under load (throughput)', cells.join('; '), command);
}
