/** The 5-minute schedule: settles payments whose webhook was lost, finishes interrupted counts, seals closed days. */
import type { Context } from 'aws-lambda';
import { settlementDeps } from '../adapters/settlement-deps';
import { reverifyPendingPayments } from '../domain/reverification';
import { log, observed } from '../adapters/observability';

async function handle(_event: unknown, context?: Context): Promise<void> {
  // The run's time is the Lambda's own (docs/decisions.md #126): Lambda always gives the context.
  if (!context) throw new Error('The re-verify run needs its Lambda context to know its time');
  const run = await reverifyPendingPayments(await settlementDeps(), () => context.getRemainingTimeInMillis());
  if (run.checked || run.sealed || run.finished) log.info('Re-verification run', { ...run });
}

export const handler = observed(handle);
