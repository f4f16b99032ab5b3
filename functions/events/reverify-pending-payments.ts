/** The 5-minute schedule: settles payments whose webhook was lost, finishes interrupted counts, seals closed days. */
import { settlementDeps } from '../adapters/settlement-deps';
import { reverifyPendingPayments } from '../domain/reverification';

export async function handler(): Promise<void> {
  const run = await reverifyPendingPayments(await settlementDeps());
  if (run.checked || run.sealed) console.log(JSON.stringify({ level: 'info', message: 'Re-verification run', ...run }));
}
