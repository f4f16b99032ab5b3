/**
 * The bench's history section: a merchant's reads at 100 and at 100,000 payments (history-seed.ts), and the
 * DynamoDB calls each request makes, counted at the client (tests/bench/run.ts runs it).
 */
import { secretValueEnvName } from '@functions/environment';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import { countDynamoCalls } from '../support/dynamodb-call-counter';
import { isFailedInHistory, seedPaymentHistory } from './history-seed';
import type { BenchReport } from './report';

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
  const at = (q: number) => Number(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * Two merchants, one with 100 payments and one with 100,000 (history-seed.ts: a year of them, through the
 * repository and `settle()`), then the reads' latency and the calls each request makes.
 */
export async function historySizes({
  env,
  report,
  problems,
  bench,
  sizes,
  requests,
  callRuns,
  callsCommand,
}: {
  env: TestRuntime;
  report: BenchReport;
  problems: string[];
  bench: string;
  /** The two payment histories the merchant's reads are measured at. */
  sizes: number[];
  /** Requests per figure in the history-size table (sequential). */
  requests: number;
  /** Each call count is taken this many times, to show it does not vary. */
  callRuns: number;
  callsCommand: string;
}) {
  const calls = countDynamoCalls();
  const now = Date.now();
  const merchants: { merchant: TestMerchant; linkId: string; size: number }[] = [];
  for (const size of sizes) {
    const merchant = await env.createMerchant();
    await env.connectStripe(merchant);
    const started = performance.now();
    await seedPaymentHistory({
      merchantId: merchant.sub,
      count: size,
      now,
      stripeUrl: env.runtime.stripe.url,
      stripeKey: process.env[secretValueEnvName('stripe-secret-key')]!,
    });
    console.log(
      `\nseeded ${size.toLocaleString('en-NZ')} payments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    merchants.push({ merchant, linkId: (await env.createLink(merchant)).linkId, size });
  }
  await env.settle();
  for (const { merchant, size } of merchants) {
    // Every succeeded payment counted once (history-seed.ts fails one in ten), or the reads measure wrong data.
    const stats = (await (await env.api('/api/me/stats', { token: merchant.accessToken })).json()) as {
      completedTransactions: number;
    };
    const succeeded = Array.from({ length: size }, (_, index) => index).filter((index) => !isFailedInHistory(index));
    if (stats.completedTransactions !== succeeded.length) {
      problems.push(
        `the ${size}-payment history counts ${stats.completedTransactions} succeeded, not ${succeeded.length}`,
      );
    }
  }

  const merchantRoutes = [
    { label: 'GET /api/me/stats', path: '/api/me/stats' },
    { label: 'GET /api/me/payments (1st page)', path: '/api/me/payments' },
    {
      label: '  ?customerEmail=<a regular, 1%>',
      path: `/api/me/payments?customerEmail=${encodeURIComponent('regular.customer@example.com')}`,
    },
  ];
  const row = (label: string, cells: string[], width: number) =>
    console.log(`  ${label.padEnd(34)}${cells.map((cell) => cell.padStart(width)).join('')}`);
  const sizeName = (size: number) => `${size.toLocaleString('en-NZ')} payments`;
  const historyCommand = `${bench} (${requests} sequential requests each)`;

  console.log(`\nBy payment history: p50 / p95 / p99 ms (${requests} sequential each)`);
  row(
    'request',
    merchants.map(({ size }) => sizeName(size)),
    28,
  );
  const history: Record<string, Record<string, unknown>> = {};
  for (const { label, path } of merchantRoutes) {
    const cells: string[] = [];
    history[label.trim()] = {};
    for (const { merchant, size } of merchants) {
      const measured = await latency(() => env.api(path, { token: merchant.accessToken }), requests);
      history[label.trim()]![sizeName(size)] = measured;
      cells.push(`${measured.p50} / ${measured.p95} / ${measured.p99}`);
    }
    row(label, cells, 28);
    report.row(
      `${label.trim()} p50 at ${merchants.map(({ size }) => size.toLocaleString('en-NZ')).join(' vs ')} payments`,
      merchants.map(({ size }) => `${(history[label.trim()]![sizeName(size)] as { p50: number }).p50} ms`).join(' vs '),
      historyCommand,
    );
  }
  report.section('byPaymentHistory', { ...history, command: historyCommand });

  /** The calls one request makes, taken callRuns times with the bus settled before each. */
  const callsOf = async (request: () => Promise<Response>) => {
    const runs: { calls: number; byCommand: Record<string, number> }[] = [];
    for (let run = 0; run < callRuns; run++) {
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
    return { calls: new Set(totals).size === 1 ? totals[0]! : null, runs: totals, byCommand: runs.at(-1)!.byCommand };
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
      label: label.trim(),
      request: ({ merchant }: (typeof merchants)[number]) => env.api(path, { token: merchant.accessToken }),
    })),
  ];
  console.log(`\nDynamoDB calls per request, counted at the client (${callRuns} runs each; by command, last run)`);
  row(
    'request',
    merchants.map(({ size }) => sizeName(size)),
    42,
  );
  const callFigures: Record<string, Record<string, unknown>> = {};
  for (const { label, request } of callRoutes) {
    const cells: string[] = [];
    callFigures[label] = {};
    for (const subject of merchants) {
      const counted = await callsOf(() => request(subject));
      callFigures[label]![sizeName(subject.size)] = counted;
      const commands = Object.entries(counted.byCommand)
        .map(([command, count]) => `${command.replace(/Command$/, '')} ${count}`)
        .join(', ');
      cells.push(counted.calls === null ? `varies ${counted.runs.join('/')}` : `${counted.calls} (${commands})`);
    }
    row(label, cells, 42);
  }
  report.section('dynamoCallsPerRequest', { ...callFigures, command: callsCommand });
  const largest = sizeName(merchants.at(-1)!.size);
  const callsAt = (label: string, size = largest) => {
    const counted = callFigures[label]![size] as { calls: number | null; runs: number[] };
    return counted.calls === null ? `varies ${counted.runs.join('/')}` : String(counted.calls);
  };
  report.row(
    'DynamoDB calls: link, payer page, checkout',
    ['GET /api/links/{id}', 'GET /p/{id}', 'POST /api/checkout'].map((label) => callsAt(label)).join(', '),
    callsCommand,
  );
  report.row(
    `DynamoDB calls: stats, 1st transactions page (${merchants.map(({ size }) => size.toLocaleString('en-NZ')).join(' vs ')} payments)`,
    ['GET /api/me/stats', 'GET /api/me/payments (1st page)']
      .map((label) => merchants.map(({ size }) => callsAt(label, sizeName(size))).join(' vs '))
      .join('; '),
    callsCommand,
  );
}
