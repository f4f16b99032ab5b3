/**
 * The bench's busy platform: `pending` open Checkouts, `paid` of them paid with every
 * completed webhook lost, then the re-verify schedule's runs five minutes apart until all the paid ones
 * have settled — how many runs it took, the Stripe calls each made against its budget, and each run's time.
 */
import { paymentStore } from '@functions/adapters/payment-store';
import { REVERIFY_CHECKS_PER_RUN, reverifyPendingPayments } from '@functions/domain/reverification';
import type { TestRuntime } from '../integration/harness';
import { countingSessionRetrieves, seedPaidWithLostWebhooks } from '../support/lost-webhooks-seed';
import { settlementDeps } from '../support/payments-seed';
import { reverifyTimeLeft } from '../support/lambda-time';
import { othersTakenProblems, watchWorkList } from './reverify-work-list';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RUNS = 12;

export interface LostWebhookFigures {
  pending: number;
  paid: number;
  runsUntilSettled: number | null;
  stripeCallsPerRun: number[];
  stripeBudgetPerRun: number;
  runMs: number[];
  /** Payments other sections left due that the runs took ahead of these (must be 0: else the row is not these). */
  othersTaken: number;
  problems: string[];
}

export async function measureLostWebhookRecovery(
  env: TestRuntime,
  counts: { pending: number; paid: number },
): Promise<LostWebhookFigures> {
  const { sessions, paid } = await seedPaidWithLostWebhooks(env, counts);
  const workList = watchWorkList(paymentStore, new Set(sessions.map(({ paymentId }) => paymentId)));
  const stripeCallsPerRun: number[] = [];
  const runMs: number[] = [];
  let runsUntilSettled: number | null = null;
  const startedAt = Date.now();
  for (let run = 0; run < MAX_RUNS && runsUntilSettled === null; run += 1) {
    const { stripe, counter } = countingSessionRetrieves(env.stripe);
    const began = performance.now();
    await reverifyPendingPayments(
      { ...settlementDeps(env, new Date(startedAt + run * FIVE_MINUTES)), payments: workList.payments, stripe },
      reverifyTimeLeft(),
    );
    runMs.push(Math.round(performance.now() - began));
    stripeCallsPerRun.push(counter.calls);
    const statuses = await Promise.all(paid.map(async ({ paymentId }) => (await paymentStore.get(paymentId))?.status));
    if (statuses.every((status) => status === 'succeeded')) runsUntilSettled = run + 1;
  }
  const problems: string[] = [];
  if (runsUntilSettled === null) problems.push(`paid payments with lost webhooks still pending after ${MAX_RUNS} runs`);
  if (stripeCallsPerRun.some((calls) => calls > REVERIFY_CHECKS_PER_RUN))
    problems.push('a re-verify run made more Stripe calls than its budget');
  problems.push(...othersTakenProblems('lost webhooks', workList.othersTaken()));
  return {
    ...counts,
    runsUntilSettled,
    stripeCallsPerRun,
    stripeBudgetPerRun: REVERIFY_CHECKS_PER_RUN,
    runMs,
    othersTaken: workList.othersTaken(),
    problems,
  };
}
