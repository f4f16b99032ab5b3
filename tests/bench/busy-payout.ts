/**
 * The bench's busy merchant payout (issue 42 item 5, docs/decisions.md #129): one payout of
 * thousands of card charges on the Stripe sandbox (three lines each: the gross, Stripe's fee, Paylink's
 * fee), recorded as its `payout.paid` consumer records it, with the consumer's 60-second timeout as each
 * try's budget: how long it takes, how many tries, and the Stripe and DynamoDB calls. Then the merchant
 * reads its lines through the API page by page, every line once.
 */
import { payoutDeps } from '@functions/adapters/payout-deps';
import { catalog } from '@functions/catalog';
import { applyPayoutEvent, PayoutRecordingUnfinished } from '@functions/domain/payout-recording';
import type { StripePort } from '@functions/domain/stripe-port';
import { PAYOUT_LINES_PAGE_MAX, payoutDetailSchema } from '@shared/contracts/payouts';
import type { TestRuntime } from '../integration/harness';
import { seedBusyPayout } from '../support/busy-payout';
import { countDynamoCalls } from '../support/dynamodb-call-counter';

export interface BusyPayoutFigures {
  transactions: number;
  lines: number;
  recordMs: number;
  /** Consumer runs it took, each within the consumer's timeout (a run stops in time and the retry continues). */
  tries: number;
  timeoutSeconds: number;
  stripeCalls: Record<string, number>;
  dynamoCalls: number;
  dynamoByCommand: Record<string, number>;
  /** Reading every line back through GET /api/me/payouts/{id}, the largest pages. */
  readPages: number;
  readMs: number;
  problems: string[];
}

/** The runtime's Stripe client with the calls recording makes counted. */
function countingStripe(stripe: StripePort, calls: Record<string, number>): StripePort {
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  return {
    ...stripe,
    balanceTransactions: {
      list: (params, options) => (count('balanceTransactions.list'), stripe.balanceTransactions.list(params, options)),
    },
    payouts: {
      ...stripe.payouts,
      retrieve: (id, params, options) => (count('payouts.retrieve'), stripe.payouts.retrieve(id, params, options)),
    },
    paymentIntents: {
      ...stripe.paymentIntents,
      retrieve: (id, params, options) => (
        count('paymentIntents.retrieve'),
        stripe.paymentIntents.retrieve(id, params, options)
      ),
    },
  };
}

export async function measureBusyPayout(
  env: TestRuntime,
  options: { transactions: number },
): Promise<BusyPayoutFigures> {
  const problems: string[] = [];
  const timeoutSeconds = catalog.find((fn) => fn.name === 'apply-stripe-payout-event')!.timeoutSeconds!;
  const merchant = await env.connectedMerchant();
  const busy = await seedBusyPayout(env, merchant, { transactions: options.transactions });
  const stripeCalls: Record<string, number> = {};
  const counter = countDynamoCalls();
  const event = { id: `evt_bench_${busy.payoutId}`, type: 'payout.paid', data: { object: { id: busy.payoutId } } };
  let tries = 0;
  const started = performance.now();
  const { calls, byCommand } = await counter.during(async () => {
    for (;;) {
      tries++;
      const tryStarted = performance.now();
      const deps = await payoutDeps(new Date(), () => timeoutSeconds * 1000 - (performance.now() - tryStarted));
      try {
        await applyPayoutEvent(event, busy.account, { ...deps, stripe: countingStripe(deps.stripe, stripeCalls) });
        return;
      } catch (error) {
        if (!(error instanceof PayoutRecordingUnfinished) || tries >= 10) throw error;
      }
    }
  });
  const recordMs = Math.round(performance.now() - started);

  let lines = 0;
  let total = 0;
  let readPages = 0;
  let cursor: string | null = null;
  const readStarted = performance.now();
  do {
    const query: string = `?limit=${PAYOUT_LINES_PAGE_MAX}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await env.api(`/api/me/payouts/${busy.payoutId}${query}`, { token: merchant.accessToken });
    if (response.status !== 200) throw new Error(`GET of the payout answered ${response.status}`);
    const page = payoutDetailSchema.parse(await response.json());
    lines += page.lines.length;
    total += page.lines.reduce((sum, line) => sum + line.amountCents, 0);
    if (page.linesTotalCents !== busy.amountCents) problems.push('a page gave another total than the payout');
    cursor = page.nextCursor;
    readPages++;
  } while (cursor);
  const readMs = Math.round(performance.now() - readStarted);
  if (lines !== options.transactions * 3) problems.push(`${lines} lines read, not ${options.transactions * 3}`);
  if (total !== busy.amountCents) problems.push(`the lines add up to ${total}, not the payout's ${busy.amountCents}`);
  return {
    transactions: options.transactions,
    lines,
    recordMs,
    tries,
    timeoutSeconds,
    stripeCalls,
    dynamoCalls: calls,
    dynamoByCommand: byCommand,
    readPages,
    readMs,
    problems,
  };
}
