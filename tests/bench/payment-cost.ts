/**
 * The cost of a payment (docs/decisions.md #71): a batch of payments settled end to end through the local
 * runtime as payers make them — the payer page, POST /api/checkout, paying on the Stripe sandbox's hosted
 * page, its webhooks through the ingress and the bus to the consumers (ledger, counts, the push to the
 * merchant's open dashboard), the success page's verify call and an emailed receipt — then the re-verify
 * schedule run once. What it used is measured, not assumed: invocations and their billed ms by the runtime's
 * meter (infra/local/meter.ts), DynamoDB request units as the database reports them
 * (tests/support/dynamodb-capacity.ts), bus events as PutEvents took them, the messages the dashboard's
 * socket received, the emails SES accepted. Reported per 1,000 payments with the cloud cost from PRICES,
 * beside Paylink's fee on 1,000 payments of $5, $20 and $100.
 *
 * Every payer here asks for the receipt by email and every payment's success page loads (both upper
 * bounds: a payer who closes the tab costs less). The success page is loaded after the webhooks have
 * settled the payment, so its verify call finds it settled (the order that usually happens; either way the
 * payment is settled once).
 */
import WebSocket from 'ws';
import { catalog } from '@functions/catalog';
import { PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { shareOfCents } from '@shared/money';
import { invoke } from '@infra/local/function-loader';
import { difference, type MeterReading } from '@infra/local/meter';
import { scheduledEvent } from '@infra/local/scheduler';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import { capacityBetween, meterDynamoCapacity, type CapacityReading } from '../support/dynamodb-capacity';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';

/**
 * Every catalogue function's memory in the stack (infra/constructs/catalog-function.ts, `memorySize`), on
 * Arm (FUNCTION_ARCHITECTURE there). Not imported: that module loads the CDK.
 */
export const FUNCTION_MEMORY_MB = 512;

/**
 * AWS's on-demand prices (USD) for the deployed region, ap-southeast-2 (infra/stages.ts), as checked on the
 * date below. Where a Sydney figure could not be found, the rate used is said, and `sydneyConfirmed` is false.
 */
export const PRICES = {
  checked: '2026-11-27',
  region: 'ap-southeast-2',
  items: {
    // Lambda requests: $0.20 per million in every commercial region (aws.amazon.com/lambda/pricing).
    lambdaRequestsPerMillion: { usd: 0.2, sydneyConfirmed: true },
    // Lambda duration, Arm, first tier: $0.0000133334 per GB-second. Regions that differ from this base rate
    // are listed apart in price tables built from the Lambda pricing page (e.g. artillery's
    // lib/platform/aws-lambda/prices.js: Cape Town, Hong Kong, Milan, Bahrain, UAE); Sydney is not among them.
    lambdaArmGbSecond: { usd: 0.0000133334, sydneyConfirmed: true },
    // DynamoDB on-demand, Standard table class: Sydney's rate was not found in the sources searched
    // (aws.amazon.com/dynamodb/pricing renders its rates client-side); us-east-1's published $0.625 per
    // million WRU and $0.125 per million RRU stand in. Sydney's rates are usually somewhat higher.
    dynamoWriteUnitsPerMillion: { usd: 0.625, sydneyConfirmed: false },
    dynamoReadUnitsPerMillion: { usd: 0.125, sydneyConfirmed: false },
    // EventBridge custom events: $1.00 per million published (aws.amazon.com/eventbridge/pricing; the same
    // across the commercial regions). Rules and Lambda targets on the bus add nothing.
    eventBridgeEventsPerMillion: { usd: 1.0, sydneyConfirmed: true },
    // API Gateway HTTP APIs, first 300 million a month: Sydney's rate was not found (the pricing page renders
    // it client-side); us-east-1's $1.00 per million stands in.
    httpApiRequestsPerMillion: { usd: 1.0, sydneyConfirmed: false },
    // API Gateway WebSocket messages (32 KB units), first billion: Sydney's rate was not found; us-east-1's
    // $1.00 per million stands in. Connection minutes are a cost per open dashboard, not per payment.
    webSocketMessagesPerMillion: { usd: 1.0, sydneyConfirmed: false },
    // SES outbound email: $0.10 per 1,000 (aws.amazon.com/ses/pricing; the same in every region).
    sesEmailsPerThousand: { usd: 0.1, sydneyConfirmed: true },
  },
} as const;

/** Payment sizes the fee is shown at, in cents. */
const FEE_AT_CENTS = [500, 2_000, 10_000] as const;

export interface SettledPayment {
  paymentId: string;
  sessionId: string;
}

/**
 * One payment as a payer makes it, through the gateway: the page, the checkout, paying on the hosted page,
 * the webhooks and consumers, the success page's verify call, the receipt by email; settled after each step
 * that starts asynchronous work.
 */
export async function settlePayment(
  env: TestRuntime,
  { linkId, payerEmail, answers }: { linkId: string; payerEmail: string; answers?: Record<string, string> },
): Promise<SettledPayment> {
  const expectOk = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  await (await expectOk(await env.api(`/p/${linkId}`), 'the payer page')).arrayBuffer();
  const checkout = checkoutResponseSchema.parse(
    await (
      await expectOk(
        await env.api('/api/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ linkId, tip: 'none' }),
        }),
        'POST /api/checkout',
      )
    ).json(),
  );
  const paid = await payOnHostedCheckout(checkout.url, { email: payerEmail, answers });
  const successUrl = paid.headers.get('location');
  const sessionId = successUrl && new URL(successUrl).searchParams.get('session_id');
  if (!sessionId) throw new Error(`the hosted page answered ${paid.status} without a success URL`);
  await env.settle();
  await (await expectOk(await env.api(`/api/checkout/${sessionId}`), 'the verify call')).arrayBuffer();
  await (
    await expectOk(
      await env.api(`/api/checkout/${sessionId}/receipt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: payerEmail }),
      }),
      'the receipt',
    )
  ).arrayBuffer();
  await env.settle();
  return { paymentId: checkout.paymentId, sessionId };
}

/** The re-verification schedule's run, as its timer fires it (invoked directly if the runtime has no schedules). */
export async function runReverifyOnce(env: TestRuntime) {
  const name = 'reverify-pending-payments';
  if (env.runtime.scheduler.schedules.some((schedule) => schedule.functionName === name)) {
    await env.runtime.scheduler.runNow(name);
  } else {
    const fn = catalog.find((candidate) => candidate.name === name)!;
    await invoke(fn, scheduledEvent(fn));
  }
  await env.settle();
}

/** A merchant's dashboard socket, keeping count of the messages pushed to it. */
export async function openDashboardSocket(env: TestRuntime, merchant: TestMerchant) {
  const url = new URL(env.runtime.gateway.realtimeUrl);
  url.searchParams.set('token', merchant.accessToken);
  const socket = new WebSocket(url);
  const received = { messages: 0 };
  socket.on('message', () => (received.messages += 1));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const disconnects = () =>
    env.runtime.meter
      .read()
      .invocations.filter((totals) => totals.trigger.kind === 'websocket' && totals.trigger.detail === '$disconnect')
      .reduce((sum, totals) => sum + totals.invocations, 0);
  return {
    received,
    /** Closes the socket and waits for the gateway's $disconnect to have run (it forgets the connection). */
    async close() {
      const before = disconnects();
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
      const deadline = Date.now() + 5_000;
      while (disconnects() === before) {
        if (Date.now() > deadline) throw new Error('the $disconnect route did not run');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

interface Usage {
  invocations: number;
  billedMs: number;
  gbSeconds: number;
  byFunction: Record<string, { invocations: number; billedMs: number; triggers: string[] }>;
  apiRequests: number;
  dynamo: CapacityReading;
  busEvents: number;
  webSocketMessages: number;
  emails: number;
}

function usageOf(reading: MeterReading, dynamo: CapacityReading, webSocketMessages: number): Usage {
  const byFunction: Usage['byFunction'] = {};
  for (const totals of reading.invocations) {
    const entry = (byFunction[totals.functionName] ??= { invocations: 0, billedMs: 0, triggers: [] });
    entry.invocations += totals.invocations;
    entry.billedMs += totals.billedMs;
    const trigger = `${totals.trigger.kind}${totals.trigger.detail ? ` ${totals.trigger.detail}` : ''}`;
    if (!entry.triggers.includes(trigger)) entry.triggers.push(trigger);
  }
  const invocations = reading.invocations.reduce((sum, totals) => sum + totals.invocations, 0);
  const billedMs = reading.invocations.reduce((sum, totals) => sum + totals.billedMs, 0);
  return {
    invocations,
    billedMs,
    gbSeconds: (billedMs / 1000) * (FUNCTION_MEMORY_MB / 1024),
    byFunction,
    // Each HTTP invocation is one API Gateway request that reached a function (meter.ts).
    apiRequests: reading.invocations
      .filter((totals) => totals.trigger.kind === 'http')
      .reduce((sum, totals) => sum + totals.invocations, 0),
    dynamo,
    busEvents: Object.values(reading.busEvents).reduce((sum, count) => sum + count, 0),
    webSocketMessages,
    emails: reading.emailsSent,
  };
}

function scaled(usage: Usage, factor: number): Usage {
  const round = (value: number) => Math.round(value * factor * 100) / 100;
  return {
    invocations: round(usage.invocations),
    billedMs: round(usage.billedMs),
    gbSeconds: round(usage.gbSeconds),
    byFunction: Object.fromEntries(
      Object.entries(usage.byFunction).map(([name, entry]) => [
        name,
        { ...entry, invocations: round(entry.invocations), billedMs: round(entry.billedMs) },
      ]),
    ),
    apiRequests: round(usage.apiRequests),
    dynamo: {
      rru: round(usage.dynamo.rru),
      wru: round(usage.dynamo.wru),
      calls: Object.fromEntries(Object.entries(usage.dynamo.calls).map(([command, n]) => [command, round(n)])),
      conditionalFailures: round(usage.dynamo.conditionalFailures),
    },
    busEvents: round(usage.busEvents),
    webSocketMessages: round(usage.webSocketMessages),
    emails: round(usage.emails),
  };
}

/** The cloud cost of `usage` in USD, by line, from PRICES. */
export function costOf(usage: Usage) {
  const price = PRICES.items;
  const lines = {
    lambdaRequests: (usage.invocations / 1e6) * price.lambdaRequestsPerMillion.usd,
    lambdaDuration: usage.gbSeconds * price.lambdaArmGbSecond.usd,
    dynamoReads: (usage.dynamo.rru / 1e6) * price.dynamoReadUnitsPerMillion.usd,
    dynamoWrites: (usage.dynamo.wru / 1e6) * price.dynamoWriteUnitsPerMillion.usd,
    eventBridge: (usage.busEvents / 1e6) * price.eventBridgeEventsPerMillion.usd,
    apiGateway: (usage.apiRequests / 1e6) * price.httpApiRequestsPerMillion.usd,
    webSocket: (usage.webSocketMessages / 1e6) * price.webSocketMessagesPerMillion.usd,
    ses: (usage.emails / 1000) * price.sesEmailsPerThousand.usd,
  };
  const total = Object.values(lines).reduce((sum, value) => sum + value, 0);
  const round = (value: number) => Number(value.toPrecision(3));
  return {
    ...(Object.fromEntries(Object.entries(lines).map(([line, usd]) => [line, round(usd)])) as typeof lines),
    total: round(total),
  };
}

export interface PaymentCost {
  payments: number;
  functionMemoryMb: number;
  /** What 1,000 settled payments use. */
  perThousand: Usage;
  /** One run of the re-verification schedule (every 5 minutes: 8,640 runs in 30 days), whatever the volume. */
  reverifyRun: Usage;
  /** The cloud cost of 1,000 payments, USD. */
  costPerThousandUsd: ReturnType<typeof costOf>;
  /** One re-verification run's cost, USD, and 30 days of them. */
  reverifyRunUsd: number;
  reverifyMonthUsd: number;
  /** Paylink's fee on 1,000 payments of each size, USD. */
  feePerThousandUsd: Record<string, number>;
  prices: typeof PRICES;
}

/** Settles `payments` payments (`concurrency` at a time) and measures what they used. */
export async function measurePaymentCost(
  env: TestRuntime,
  { payments, concurrency }: { payments: number; concurrency: number },
): Promise<PaymentCost> {
  const merchant = await env.createMerchant();
  await env.connectStripe(merchant);
  const { linkId } = await env.createLink(merchant, {
    title: 'Cost bench',
    isOpenAmount: false,
    amountCents: 2_000,
    tipPercent: null,
  });
  const dashboard = await openDashboardSocket(env, merchant);
  const capacity = meterDynamoCapacity();
  const meter = env.runtime.meter;
  await env.settle();

  const before = { reading: meter.read(), dynamo: capacity.read(), messages: dashboard.received.messages };
  const settled: SettledPayment[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, payments) }, async () => {
      while (next < payments) {
        const index = next++;
        settled.push(await settlePayment(env, { linkId, payerEmail: `payer.${index}@example.co.nz` }));
      }
    }),
  );
  await env.settle();
  const afterBatch = { reading: meter.read(), dynamo: capacity.read(), messages: dashboard.received.messages };
  await runReverifyOnce(env);
  const afterReverify = { reading: meter.read(), dynamo: capacity.read(), messages: dashboard.received.messages };
  await dashboard.close();

  const notSucceeded = (
    await Promise.all(settled.map(async ({ paymentId }) => (await paymentRow(env, paymentId)).status))
  ).filter((status) => status !== 'succeeded');
  if (notSucceeded.length > 0) throw new Error(`${notSucceeded.length} payments did not settle: ${notSucceeded}`);

  const batch = usageOf(
    difference(afterBatch.reading, before.reading),
    capacityBetween(afterBatch.dynamo, before.dynamo),
    afterBatch.messages - before.messages,
  );
  const reverifyRun = usageOf(
    difference(afterReverify.reading, afterBatch.reading),
    capacityBetween(afterReverify.dynamo, afterBatch.dynamo),
    afterReverify.messages - afterBatch.messages,
  );
  const perThousand = scaled(batch, 1000 / payments);
  const reverifyRunUsd = costOf(reverifyRun).total;
  return {
    payments,
    functionMemoryMb: FUNCTION_MEMORY_MB,
    perThousand,
    reverifyRun,
    costPerThousandUsd: costOf(perThousand),
    reverifyRunUsd,
    reverifyMonthUsd: Number((reverifyRunUsd * 8_640).toPrecision(3)),
    feePerThousandUsd: Object.fromEntries(
      FEE_AT_CENTS.map((cents) => [`$${cents / 100}`, (shareOfCents(cents, PRODUCT_FEE_BASIS_POINTS) * 1000) / 100]),
    ),
    prices: PRICES,
  };
}

/** The figures as the bench prints them. */
export function describePaymentCost(cost: PaymentCost): string[] {
  const { perThousand: use, costPerThousandUsd: usd } = cost;
  const lines = [
    `Cost of a payment: ${cost.payments} payments settled end to end, per 1,000 (functions ${cost.functionMemoryMb} MB, Arm; prices ${PRICES.region} as of ${PRICES.checked})`,
    `  ${'function'.padEnd(30)}${'invocations'.padStart(13)}${'billed ms'.padStart(12)}  triggers`,
  ];
  for (const [name, entry] of Object.entries(use.byFunction).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `  ${name.padEnd(30)}${String(entry.invocations).padStart(13)}${String(entry.billedMs).padStart(12)}  ${entry.triggers.join(', ')}`,
    );
  }
  const calls = Object.entries(use.dynamo.calls)
    .map(([command, count]) => `${command.replace(/Command$/, '')} ${count}`)
    .join(', ');
  lines.push(
    `  Lambda: ${use.invocations} invocations, ${use.billedMs} billed ms, ${use.gbSeconds} GB-s`,
    `  DynamoDB: ${use.dynamo.rru} RRU, ${use.dynamo.wru} WRU (${calls}; ${use.dynamo.conditionalFailures} refused conditional writes)`,
    `  EventBridge events ${use.busEvents}, API Gateway requests ${use.apiRequests}, WebSocket messages ${use.webSocketMessages}, SES emails ${use.emails}`,
    `  Cloud cost per 1,000 payments: $${usd.total} (Lambda requests $${usd.lambdaRequests}, duration $${usd.lambdaDuration}; DynamoDB reads $${usd.dynamoReads}, writes $${usd.dynamoWrites}; EventBridge $${usd.eventBridge}; API Gateway $${usd.apiGateway}; WebSocket $${usd.webSocket}; SES $${usd.ses})`,
    `  Paylink's fee per 1,000 payments: ${Object.entries(cost.feePerThousandUsd)
      .map(([size, fee]) => `${size} → $${fee}`)
      .join(', ')}`,
    `  Re-verify schedule, one run: ${cost.reverifyRun.invocations} invocation, ${cost.reverifyRun.billedMs} billed ms, ${cost.reverifyRun.dynamo.rru} RRU, ${cost.reverifyRun.dynamo.wru} WRU: $${cost.reverifyRunUsd} a run, $${cost.reverifyMonthUsd} per 30 days`,
  );
  const unconfirmed = Object.entries(PRICES.items)
    .filter(([, item]) => !item.sydneyConfirmed)
    .map(([name]) => name);
  if (unconfirmed.length > 0) lines.push(`  Not confirmed for Sydney (us-east-1 rate used): ${unconfirmed.join(', ')}`);
  return lines;
}
