/**
 * `npm run bench`, on the built SPA (`npm run build` first) and the local runtime:
 * Lighthouse on the pages a phone opens and on a bare React + Vite floor; the bytes each page's first visit
 * downloads; /p/{id}'s critical path; the DynamoDB calls per request (counted at the client); the merchant's
 * stats and first transactions page at 100 and at 100,000 payments; a busy merchant day (more payments than
 * one item could guard, counted once); each function's bundle and cold import;
 * webhook events/s through ingress → bus → ledger with duplicates, and the double count (must be 0); and
 * p50/p99 of the public routes under autocannon. Writes bench/results.json, prints one table and puts it in
 * the README. Not part of `npm test`: timings vary with the machine — read them, don't assert them (the
 * deterministic figures, bytes and call counts, are asserted by tests). The sections live beside it
 * (web-pages.ts: Lighthouse and each page's first-visit bytes; payer-routes.ts; function-cold-imports.ts; payment-cost.ts,
 * ticket-drop.ts, busy-day.ts…); this file sets the sizes, boots the runtime once and runs them in order.
 *
 * PAYLINK_BENCH_QUICK=1 runs every part small (1,000 payments, no Lighthouse, few requests) to check the
 * bench itself; it prints the table and writes nothing. PAYLINK_BENCH_SKIP_LIGHTHOUSE=1 skips Lighthouse.
 * PAYLINK_BENCH_ONLY=cost runs only the cost of a payment (payment-cost.ts), PAYLINK_BENCH_ONLY=lighthouse only
 * Lighthouse and the bytes of a first visit (needs a built SPA), PAYLINK_BENCH_ONLY=functions only the function
 * bundles and their cold import, PAYLINK_BENCH_ONLY=drop only the ticket drop (ticket-drop.ts), PAYLINK_BENCH_ONLY=reverify only the saturated re-verify run (saturated-reverify.ts), PAYLINK_BENCH_ONLY=payout only the busy merchant's payout (busy-payout.ts); each writes nothing. With ONLY=lighthouse, PAYLINK_BENCH_PAGES=/dashboard,bare
 * measures only those pages, and PAYLINK_BENCH_LIGHTHOUSE_REPORTS=<folder> keeps every run's whole report.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { quietAwsSdkNotices } from '@infra/local/quiet-sdk-notices';
import type { TestMerchant } from '../integration/harness';
import { BenchReport } from './report';

// A run settles hundreds of thousands of payments: their INFO lines and metrics would be most of its work.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// Lambda's asynchronous retries at 1/20 (3 s, then 6 s): long enough that a duplicate which met its
// original's idempotency lease finds the work done when it is retried, as in the cloud.
process.env.PAYLINK_RETRY_DELAY_SCALE ??= '0.05';
quietAwsSdkNotices();
const { bootLocalRuntime } = await import('../integration/harness');
const { catalog } = await import('@functions/catalog');
const { payerPageCriticalPath, underLoad } = await import('./payer-routes');
const { measureWebhookThroughput } = await import('./webhook-throughput');
const { measureBusyMerchantDay } = await import('./busy-day');
const { measureLostWebhookRecovery } = await import('./lost-webhooks');
const { measurePaymentCost, describePaymentCost } = await import('./payment-cost');
const { measureTicketDrop, describeTicketDrop } = await import('./ticket-drop');
const { measureSaturatedReverify } = await import('./saturated-reverify');
const { measureBusyPayout } = await import('./busy-payout');
const { lighthousePages, pageBytes } = await import('./web-pages');
const { functionColdImports } = await import('./function-cold-imports');
const { historySizes } = await import('./history-sizes');

const QUICK = Boolean(process.env.PAYLINK_BENCH_QUICK);
/**
 * `cost`: only the cost of a payment; `lighthouse`: only Lighthouse and the pages' bytes; `functions`: only
 * the function bundles and their cold import. Each writes nothing.
 */
const ONLY = process.env.PAYLINK_BENCH_ONLY;
/**
 * PAYLINK_BENCH_PAGES=/,/p,/dashboard,bare measures only those Lighthouse pages (with ONLY=lighthouse): a name
 * given matches that page and the pages under it (`/p` is `/p/{id}`, `/dashboard` its signed-in run; `/` only
 * the landing page).
 */
const PAGES_MEASURED = process.env.PAYLINK_BENCH_PAGES?.split(',');
const isMeasured = (page: string) =>
  !PAGES_MEASURED ||
  PAGES_MEASURED.some((name) => page === name || page.startsWith(`${name}/`) || page.startsWith(`${name} `));
if (ONLY !== undefined && !['cost', 'lighthouse', 'functions', 'drop', 'reverify', 'payout'].includes(ONLY))
  throw new Error(
    `PAYLINK_BENCH_ONLY=${ONLY}: only "cost", "lighthouse", "functions", "drop", "reverify" and "payout" are known`,
  );
const BENCH = QUICK ? 'PAYLINK_BENCH_QUICK=1 npm run bench' : 'npm run bench';
/** The two payment histories the merchant's reads are measured at. */
const HISTORY_SIZES = QUICK ? [100, 1_000] : [100, 100_000];
/** Requests per figure in the history-size table (sequential). */
const HISTORY_REQUESTS = QUICK ? 20 : 200;
/** Each call count is taken this many times, to show it does not vary. */
const CALL_RUNS = QUICK ? 2 : 5;
/** autocannon: requests per route, over this many connections. */
const LOAD = QUICK ? { requests: 200, connections: 10 } : { requests: 3_000, connections: 50 };
/** Webhooks: payments made (each sends its events), delivered this many at a time, this share duplicates. */
const WEBHOOKS = { payments: QUICK ? 40 : 400, concurrency: 50, duplicateShare: 0.2 };
/** One merchant's day: more payments than one 400 KB item could guard (~20,000 ids); quick: past one item's 4,000 keys. */
const BUSY_DAY = { payments: QUICK ? 5_000 : 25_000, concurrency: 50, reads: QUICK ? 20 : 200 };
/** Open Checkouts platform-wide, and how many of them were paid with their webhooks lost. */
const LOST_WEBHOOKS = QUICK ? { pending: 400, paid: 20 } : { pending: 2_000, paid: 100 };
/** The ticket drop: payers on one link with this many places, this many checkouts in flight at once. */
const TICKET_DROP = QUICK
  ? { payers: 200, places: 50, concurrency: 50, payConcurrency: 10 }
  : { payers: 2_000, places: 500, concurrency: 100, payConcurrency: 20 };
/**
 * A saturated re-verify run: more due Checkouts than a run's Stripe budget, each look-up taking a second (a
 * slow Stripe: 1,000 of them would take 125 s, past the Lambda's 120), with unfinished settles, owed counts and
 * closed days waiting behind them.
 */
const SATURATED_REVERIFY = QUICK
  ? { pending: 400, paid: 20, unfinished: 40, uncounted: 80, merchants: 20, stripeLatencyMs: 1_000 }
  : { pending: 2_500, paid: 100, unfinished: 200, uncounted: 400, merchants: 150, stripeLatencyMs: 1_000 };
/**
 * A busy merchant's payout: balance transactions (three lines each) in one payout; quick: a tenth.
 * PAYLINK_BENCH_PAYOUT_TRANSACTIONS sets another size (6667: a 20,001-line payout).
 */
const BUSY_PAYOUT = {
  transactions: Number(process.env.PAYLINK_BENCH_PAYOUT_TRANSACTIONS) || (QUICK ? 2_000 : 20_000),
};
/** Payments settled end to end for the cost of a payment, this many at a time. */
const PAYMENT_COST = { payments: QUICK ? 50 : 500, concurrency: 5 };
/** Rounds per cold-import figure (each a fresh `node` for the bundle and for its two floors). */
const COLD_RUNS = QUICK ? 1 : 7;

const LIGHTHOUSE_COMMAND = `${BENCH} (lighthouse 12, mobile, simulated throttling, median of 3, over HTTP/2 through a local HTTPS edge)`;
const FUNCTIONS_COMMAND = `${BENCH} (each function's asset in a bundled cdk synth of prod; node <bundle>.mjs beside node -e 0 and beside node importing its AWS SDK clients, median of ${COLD_RUNS} rounds)`;
const LOAD_COMMAND = `${BENCH} (autocannon, ${LOAD.requests} requests over ${LOAD.connections} connections, loopback)`;
const CALLS_COMMAND = `${BENCH} (counted at the client, ${CALL_RUNS} runs); asserted in tests/integration/money-path-call-budget.test.ts`;

const report = new BenchReport();
const problems: string[] = [];

// PAYLINK_BENCH_DIST_DIR measures another build (`vite build --outDir …`), as PAYLINK_E2E_STATIC_DIR tests one.
const DIST = process.env.PAYLINK_BENCH_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
const builtSpa = existsSync(path.join(DIST, 'index.html'));

async function createLink(owner: TestMerchant) {
  return (await env.createLink(owner)).linkId;
}

/** A busy merchant day at the real item size (busy-day.ts). */
async function busyMerchantDay() {
  const measured = await measureBusyMerchantDay(env, BUSY_DAY);
  problems.push(...measured.problems);
  const command = `${BENCH} (one merchant, ${BUSY_DAY.payments.toLocaleString('en-NZ')} payments counted into one day, ${BUSY_DAY.concurrency} at a time; stats p50 of ${BUSY_DAY.reads})`;
  console.log(`\nBusy merchant day: ${JSON.stringify(measured)}`);
  report.section('busyMerchantDay', { ...measured, command });
  report.row(
    `Busy merchant day (${measured.payments.toLocaleString('en-NZ')} payments, one merchant, one day)`,
    `each counted once (${measured.items} items, ≤ ${measured.largestItemKeys.toLocaleString('en-NZ')} ids each; ` +
      `${measured.redeliveriesRefused} redeliveries refused; ${measured.countsPerSecond}/s); ` +
      `GET /api/me/stats ${measured.statsCalls} calls, p50 ${measured.statsP50Ms} ms`,
    command,
  );
}

/** Paid payments whose webhooks were lost, among many open Checkouts: the re-verify runs until all settle. */
async function lostWebhooks() {
  const measured = await measureLostWebhookRecovery(env, LOST_WEBHOOKS);
  problems.push(...measured.problems);
  const command = `${BENCH} (${measured.pending.toLocaleString('en-NZ')} open Checkouts, ${measured.paid} paid with every webhook lost; re-verify runs 5 minutes apart on a driven clock)`;
  console.log(`\nLost webhooks: ${JSON.stringify(measured)}`);
  report.section('lostWebhooks', { ...measured, command });
  report.row(
    `${measured.pending.toLocaleString('en-NZ')} pending, ${measured.paid} paid with lost webhooks`,
    `${measured.runsUntilSettled === null ? `not all settled in ${measured.runMs.length}` : `all settled after ${measured.runsUntilSettled}`} runs; Stripe calls per run ` +
      `${measured.stripeCallsPerRun.join(', ')} (budget ${measured.stripeBudgetPerRun}); run ms ${measured.runMs.join(', ')}`,
    command,
  );
}

/** One saturated re-verify run with the Lambda's time: it must finish counts and sealing within it (#126). */
async function saturatedReverify() {
  const measured = await measureSaturatedReverify(env, SATURATED_REVERIFY);
  problems.push(...measured.problems);
  const command = `${ONLY ? `PAYLINK_BENCH_ONLY=${ONLY} ` : ''}${BENCH} (${measured.pending.toLocaleString('en-NZ')} open Checkouts due, ${measured.paid} paid with lost webhooks, each Stripe look-up +${measured.stripeLatencyMs} ms; ${measured.unfinished} unfinished settles, ${measured.uncounted} owed counts, ${measured.merchants} closed days; one run, the Lambda's ${measured.lambdaTimeoutMs / 1000} s)`;
  console.log(`\nSaturated re-verify run: ${JSON.stringify(measured)}`);
  report.section('saturatedReverify', { ...measured, command });
  report.row(
    `Saturated re-verify run (${measured.pending.toLocaleString('en-NZ')} due, slow Stripe) in a ${measured.lambdaTimeoutMs / 1000} s Lambda`,
    `${(measured.runMs / 1000).toFixed(1)} s: checked ${measured.checked} (budget ${measured.checkBudget}), settled ${measured.settled}, ` +
      `finished ${measured.finished} settles, sealed ${measured.sealed}; ${Math.round((measured.timeLeftAtCountRepairMs ?? 0) / 1000)} s left at count repair, ` +
      `${Math.round((measured.timeLeftAtSealingMs ?? 0) / 1000)} s at sealing, ` +
      `${Math.round(measured.timeLeftAtEndMs / 1000)} s at the end`,
    command,
  );
}

/** The cost of a payment, per 1,000 settled end to end, beside Paylink's fee on them (payment-cost.ts). */
async function paymentCost() {
  const measured = await measurePaymentCost(env, PAYMENT_COST);
  const command = `${ONLY ? `PAYLINK_BENCH_ONLY=${ONLY} ` : ''}${BENCH} (${measured.payments} payments settled end to end, ${PAYMENT_COST.concurrency} at a time; the runtime's meter, DynamoDB's ConsumedCapacity; prices ${measured.prices.region} as of ${measured.prices.checked}, tests/bench/payment-cost.ts); per-payment calls asserted in tests/integration/settle-path-budget.test.ts`;
  console.log(`\n${describePaymentCost(measured).join('\n')}`);
  report.section('paymentCost', { ...measured, command });
  const use = measured.perThousand;
  report.row(
    'Per 1,000 payments: Lambda invocations / billed ms, DynamoDB RRU / WRU, bus events, API requests, WebSocket messages, emails',
    `${use.invocations} / ${use.billedMs.toLocaleString('en-NZ')} ms, ${use.dynamo.rru} / ${use.dynamo.wru}, ${use.busEvents}, ${use.apiRequests}, ${use.webSocketMessages}, ${use.emails}`,
    command,
  );
  report.row(
    "Cloud cost per 1,000 payments vs Paylink's fee at $5 / $20 / $100",
    `$${measured.costPerThousandUsd.total} vs ${Object.values(measured.feePerThousandUsd)
      .map((fee) => `$${fee}`)
      .join(' / ')}`,
    command,
  );
}

/** The ticket drop (tests/bench/ticket-drop.ts): exact places sold, every other payer told, the link row's writes. */
async function ticketDrop() {
  const measured = await measureTicketDrop(env, TICKET_DROP);
  const command = `${ONLY ? `PAYLINK_BENCH_ONLY=${ONLY} ` : ''}${BENCH} (${measured.payers} POST /api/checkout on one link with ${measured.places} places, ${TICKET_DROP.concurrency} in flight; every holder pays on the sandbox; WRU as the database reports them, tests/bench/ticket-drop.ts)`;
  console.log(`\n${describeTicketDrop(measured).join('\n')}`);
  report.section('ticketDrop', { ...measured, command });
  const refusals = Object.entries(measured.refused)
    .map(([code, { count }]) => `${count} ${code}`)
    .join(', ');
  report.row(
    'Ticket drop: sold / refused / 5xx; checkout p50 / p95',
    `${measured.soldCount} of ${measured.places} / ${refusals || 'none'} / ${measured.serverErrors}; ${measured.checkoutP50Ms} / ${measured.checkoutP95Ms} ms`,
    command,
  );
  report.row(
    "Ticket drop: the link row's WRU per sale, refused writes, sales/s one item allows",
    `${measured.wruPerSale} WRU; ${measured.link.refused.writes} refused (${measured.link.refused.wru} WRU); ${measured.salesPerSecondCeiling}/s at 1,000 WRU/s`,
    command,
  );
  problems.push(...measured.problems);
}

/** A busy merchant's payout recorded within the consumer's timeout, and its lines read back a page at a time. */
async function busyPayout() {
  const measured = await measureBusyPayout(env, BUSY_PAYOUT);
  const command = `${ONLY ? `PAYLINK_BENCH_ONLY=${ONLY} ` : ''}${BENCH} (${measured.transactions.toLocaleString('en-NZ')} sandbox charges in one payout, recorded as its consumer does with a ${measured.timeoutSeconds} s budget per try; tests/bench/busy-payout.ts)`;
  const stripe = Object.entries(measured.stripeCalls)
    .map(([name, calls]) => `${name} ${calls}`)
    .join(', ');
  const dynamo = Object.entries(measured.dynamoByCommand)
    .map(([name, calls]) => `${name.replace(/Command$/, '')} ${calls}`)
    .join(', ');
  console.log(
    `\nBusy payout: ${measured.lines} lines recorded in ${measured.recordMs} ms over ${measured.tries} tries; ` +
      `Stripe: ${stripe}; DynamoDB ${measured.dynamoCalls} (${dynamo}); read back in ${measured.readPages} pages, ${measured.readMs} ms`,
  );
  for (const problem of measured.problems) console.error(`Busy payout: ${problem}`);
  if (measured.problems.length) process.exitCode = 1;
  report.section('busyPayout', { ...measured, command });
  report.row(
    `A ${measured.lines.toLocaleString('en-NZ')}-line payout recorded (consumer timeout ${measured.timeoutSeconds} s): time, tries, Stripe calls, DynamoDB calls`,
    `${(measured.recordMs / 1000).toFixed(1)} s, ${measured.tries}, ${stripe}, ${measured.dynamoCalls} (${dynamo})`,
    command,
  );
  report.row(
    'Its lines read back through the API, every line once',
    `${measured.readPages} pages, ${(measured.readMs / 1000).toFixed(1)} s`,
    command,
  );
}

/** Webhook events/s through ingress → bus → ledger, and the double count. */
async function webhooks() {
  const measured = await measureWebhookThroughput(env, WEBHOOKS);
  const command = `${BENCH} (${measured.payments} sandbox payments' ${measured.uniqueEvents} events + ${measured.duplicates} duplicates, ${measured.concurrency} at a time, shuffled)`;
  console.log(
    `\nWebhooks: ${measured.deliveries} deliveries (${measured.duplicates} duplicates) at concurrency ${measured.concurrency}: ` +
      `${measured.eventsPerSecond} events/s through the ledger (ingress ${measured.ingressPerSecond}/s); ` +
      `double-counted ${measured.doubleCounted} (${measured.doubleCountedCents} cents), not settled ${measured.notSettled}, refused ${measured.refused}`,
  );
  report.section('webhooks', { ...measured, command });
  report.row('Webhook events/s, ingress → bus → ledger (20% duplicates)', `${measured.eventsPerSecond}/s`, command);
  report.row(
    'Double-counted payments (must be 0)',
    `${measured.doubleCounted} (${measured.doubleCountedCents} cents)`,
    command,
  );
  if (measured.doubleCounted !== 0 || measured.doubleCountedCents !== 0)
    problems.push('a webhook delivery was counted twice');
  const failed = Object.entries(measured.failedDeliveries);
  const deadLetters = failed.reduce((sum, [, count]) => sum + count, 0);
  report.row('Webhook dead letters (must be 0)', String(deadLetters), command);
  if (failed.length > 0) {
    console.log(`  bus deliveries failed after retries: ${failed.map(([error, n]) => `${n} × ${error}`).join('; ')}`);
    problems.push(`${deadLetters} webhook events became dead letters`);
  }
  if (measured.notSettled !== 0)
    problems.push(
      `${measured.notSettled} paid payments were not settled by their webhooks (statuses ${JSON.stringify(measured.statuses)})`,
    );
  if (measured.refused !== 0) problems.push(`${measured.refused} well-signed deliveries were refused`);
}

// The run, last in the file so the definitions above are initialised.
// The per-client limit on public routes would refuse a benchmark's thousands of requests from one address.
// With a built SPA the gateway serves it, so /p/{id} is measured as a phone gets it (its stylesheet inlined).
// Without the schedules: the histories are seeded into past days, which the re-verification schedule would
// seal (they closed long ago) while the seeding still writes them; the seeding seals each day itself, as the
// schedule would have at the time.
const env = await bootLocalRuntime({
  publicRateLimit: false,
  functions: catalog.filter((fn) => !fn.schedule),
  ...(builtSpa && { staticDir: DIST }),
});
try {
  // The cold imports first, as in their PAYLINK_BENCH_ONLY run: each is a child `node`, and a parent holding the
  // 100,000-payment runtime of the later sections slowed a bare `node -e 0` from ~30 to ~185 ms.
  if (ONLY === undefined)
    await functionColdImports({ report, problems, command: FUNCTIONS_COMMAND, coldRuns: COLD_RUNS });
  // Then, on an empty runtime: the re-verify run it includes then meets no other section's pending payments.
  if (ONLY === undefined || ONLY === 'cost') await paymentCost();
  if (ONLY === 'drop') await ticketDrop();
  if (ONLY === 'reverify') await saturatedReverify();
  if (ONLY === undefined || ONLY === 'payout') await busyPayout();
  if (ONLY === 'lighthouse') {
    if (!builtSpa) throw new Error('PAYLINK_BENCH_ONLY=lighthouse needs a built SPA: run `npm run build`');
    const merchant = await env.createMerchant();
    await env.connectStripe(merchant);
    await lighthousePages({ env, report, command: LIGHTHOUSE_COMMAND, isMeasured, linkId: await createLink(merchant) });
    pageBytes({ dist: DIST, report, bench: BENCH });
  }
} catch (error) {
  await env.stop();
  throw error;
}
if (ONLY) {
  await env.stop();
  if (ONLY === 'functions')
    await functionColdImports({ report, problems, command: FUNCTIONS_COMMAND, coldRuns: COLD_RUNS });
  report.print();
  if (problems.length > 0) {
    console.error(`\nThe bench found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
  console.log('\nPAYLINK_BENCH_ONLY: bench/results.json and the README are left as they were.');
  process.exit(process.exitCode ?? 0);
}
try {
  const merchant = await env.createMerchant();
  await env.connectStripe(merchant);
  const linkId = await createLink(merchant);
  // Lighthouse before the sections that fill the runtime: its page's main thread shares the two cores with it.
  if (process.env.PAYLINK_BENCH_SKIP_LIGHTHOUSE || QUICK) console.log('\nLighthouse skipped');
  else if (!builtSpa) console.log('\nLighthouse needs a built SPA: run `npm run build`');
  else await lighthousePages({ env, report, command: LIGHTHOUSE_COMMAND, isMeasured, linkId });
  // While its 2,000 are the only pending payments: the load test's checkouts stay pending too.
  await lostWebhooks();
  await saturatedReverify();
  await payerPageCriticalPath({ env, report, problems, bench: BENCH, builtSpa, linkId });
  await underLoad({ env, report, load: LOAD, command: LOAD_COMMAND, linkId, createLink: () => createLink(merchant) });
  await historySizes({
    env,
    report,
    problems,
    bench: BENCH,
    sizes: HISTORY_SIZES,
    requests: HISTORY_REQUESTS,
    callRuns: CALL_RUNS,
    callsCommand: CALLS_COMMAND,
  });
  await busyMerchantDay();
  await webhooks();
  await ticketDrop();
} finally {
  await env.stop();
}
pageBytes({ dist: DIST, report, bench: BENCH });

report.print();
if (QUICK) console.log('\nQuick run: bench/results.json and the README are left as they were.');
else {
  await report.writeJson(path.resolve(import.meta.dirname, '../../bench/results.json'));
  await report.writeReadme(path.resolve(import.meta.dirname, '../../README.md'));
  console.log('\nWrote bench/results.json and the README table');
}
if (problems.length > 0) {
  console.error(`\nThe bench found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
