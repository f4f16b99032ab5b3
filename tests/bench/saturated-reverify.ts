/**
 * A saturated re-verify run (docs/decisions.md #126): more open Checkouts due a check than one run
 * may make, Stripe answering each look-up slowly, and the other work a run owes waiting behind them —
 * settles a failure left unfinished, counts owed, closed days to seal. One run of the schedule's own code with
 * the Lambda's time (the catalogue's timeout, counted from the start): how long it ran, what it did, and
 * how much of the Lambda's time was left when count repair began and when the run ended.
 */
import { settlementDeps } from '@functions/adapters/settlement-deps';
import { paymentStore } from '@functions/adapters/payment-store';
import {
  SETTLE_FINISH_GRACE_MS,
  uncountedShardOf,
  unfinishedShardOf,
  type PaymentRecord,
} from '@functions/domain/payments';
import { STATUS_RANK } from '@functions/domain/payment-status';
import { REVERIFY_CHECKS_PER_RUN, reverifyPendingPayments } from '@functions/domain/reverification';
import type { StripePort } from '@functions/domain/stripe-port';
import type { TestRuntime } from '../integration/harness';
import { reverifyTimeLeft } from '../support/lambda-time';
import { seedPaidWithLostWebhooks } from '../support/lost-webhooks-seed';
import { batchPutPayments, pendingPayment } from '../support/payments-seed';
import { othersTakenProblems, watchWorkList } from './reverify-work-list';

const THREE_DAYS_MS = 3 * 24 * 60 * 60 * 1000;

export interface SaturatedReverifyCounts {
  /** Open Checkouts due a check, and how many of them were paid with their webhooks lost. */
  pending: number;
  paid: number;
  /** Settles left unfinished after their status write, and payments owing only their count. */
  unfinished: number;
  uncounted: number;
  /** Merchants the owed payments belong to: each has one closed day to seal. */
  merchants: number;
  /** What each Stripe session look-up costs here, to stand for a slow Stripe. */
  stripeLatencyMs: number;
}

export interface SaturatedReverifyFigures extends SaturatedReverifyCounts {
  lambdaTimeoutMs: number;
  runMs: number;
  checked: number;
  checkBudget: number;
  settled: number;
  finished: number;
  sealed: number;
  timeLeftAtCountRepairMs: number | null;
  timeLeftAtSealingMs: number | null;
  timeLeftAtEndMs: number;
  /** Payments other sections left due that the run took ahead of these (must be 0: else the row is not these). */
  othersTaken: number;
  problems: string[];
}

/** Payments settled on a closed day and still owing their count; `unfinished` of them their settle's later steps too. */
function owedRows(counts: SaturatedReverifyCounts, dueAt: Date): PaymentRecord[] {
  const day = new Date(Date.now() - THREE_DAYS_MS);
  return Array.from({ length: counts.unfinished + counts.uncounted }, (_, index) => {
    const merchantId = `bench-saturated-${index % counts.merchants}`;
    const at = new Date(day.getTime() + index).toISOString();
    const {
      pendingShard: _shard,
      pendingSince: _since,
      reverifyAt: _at,
      ...payment
    } = pendingPayment(merchantId, {
      createdAt: at,
    });
    return {
      ...payment,
      status: 'succeeded',
      statusRank: STATUS_RANK.succeeded,
      settledAt: at,
      uncountedShard: uncountedShardOf(payment.paymentId),
      uncountedSince: at,
      ...(index < counts.unfinished && {
        announceOwed: true,
        unfinishedShard: unfinishedShardOf(payment.paymentId),
        finishDueAt: dueAt.toISOString(),
      }),
    };
  });
}

/** The Stripe client, each session look-up `latencyMs` slower. */
function slowSessions(stripe: StripePort, latencyMs: number): StripePort {
  const sessions = new Proxy(stripe.checkout.sessions, {
    get: (target, property, receiver) =>
      property === 'retrieve'
        ? async (...args: Parameters<typeof target.retrieve>) => {
            await new Promise((resolve) => setTimeout(resolve, latencyMs));
            return target.retrieve(...args);
          }
        : Reflect.get(target, property, receiver),
  });
  const checkout = new Proxy(stripe.checkout, {
    get: (target, property, receiver) => (property === 'sessions' ? sessions : Reflect.get(target, property, receiver)),
  });
  return new Proxy(stripe, {
    get: (target, property, receiver) => (property === 'checkout' ? checkout : Reflect.get(target, property, receiver)),
  });
}

export async function measureSaturatedReverify(
  env: TestRuntime,
  counts: SaturatedReverifyCounts,
): Promise<SaturatedReverifyFigures> {
  const { sessions } = await seedPaidWithLostWebhooks(env, counts);
  const workList = watchWorkList(paymentStore, new Set(sessions.map(({ paymentId }) => paymentId)));
  await batchPutPayments(owedRows(counts, new Date(Date.now() - SETTLE_FINISH_GRACE_MS)));

  const deps = await settlementDeps(new Date());
  let timeLeftAtCountRepairMs: number | null = null;
  let timeLeftAtSealingMs: number | null = null;
  const timeLeft = reverifyTimeLeft();
  const lambdaTimeoutMs = timeLeft();
  const began = performance.now();
  const run = await reverifyPendingPayments(
    {
      ...deps,
      stripe: slowSessions(deps.stripe, counts.stripeLatencyMs),
      stats: {
        ...deps.stats,
        listUnsealedDays: (...args) => {
          timeLeftAtSealingMs ??= timeLeft();
          return deps.stats.listUnsealedDays(...args);
        },
      },
      payments: {
        ...workList.payments,
        listAllUncounted: (shard) => {
          timeLeftAtCountRepairMs ??= timeLeft();
          return paymentStore.listAllUncounted(shard);
        },
      },
    },
    timeLeft,
  );
  const runMs = Math.round(performance.now() - began);
  const timeLeftAtEndMs = timeLeft();
  const problems: string[] = [];
  if (timeLeftAtEndMs <= 0) problems.push('the saturated re-verify run outlasted its Lambda');
  if (run.sealed < counts.merchants)
    problems.push(`the saturated run sealed ${run.sealed} of ${counts.merchants} days`);
  if (run.finished < counts.unfinished)
    problems.push(`the saturated run finished ${run.finished} of ${counts.unfinished} settles`);
  problems.push(...othersTakenProblems('saturated re-verify', workList.othersTaken()));
  return {
    ...counts,
    lambdaTimeoutMs: Math.round(lambdaTimeoutMs / 1000) * 1000,
    runMs,
    checked: run.checked,
    checkBudget: REVERIFY_CHECKS_PER_RUN,
    settled: run.settled,
    finished: run.finished,
    sealed: run.sealed,
    timeLeftAtCountRepairMs: timeLeftAtCountRepairMs === null ? null : Math.round(timeLeftAtCountRepairMs),
    timeLeftAtSealingMs: timeLeftAtSealingMs === null ? null : Math.round(timeLeftAtSealingMs),
    timeLeftAtEndMs: Math.round(timeLeftAtEndMs),
    othersTaken: workList.othersTaken(),
    problems,
  };
}
