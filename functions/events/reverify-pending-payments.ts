/** The 5-minute schedule: settles payments whose webhook was lost, finishes interrupted counts, seals closed days. */
import { settlementDeps } from '../adapters/settlement-deps';
import { reverifyPendingPayments } from '../domain/reverification';
import { log, observed } from '../adapters/observability';

async function handle(): Promise<void> {
  const run = await reverifyPendingPayments(await settlementDeps());
  if (run.checked || run.sealed) log.info('Re-verification run', { ...run });
}

export const handler = observed(handle);
