/** The time a scheduled run has when a test calls its domain function directly, as Lambda would give it. */
import { catalog } from '@functions/catalog';
import type { TimeLeft } from '@functions/domain/reverification';

/** The re-verify function's remaining time, counted from now over its catalogue timeout. */
export function reverifyTimeLeft(): TimeLeft {
  const fn = catalog.find((candidate) => candidate.name === 'reverify-pending-payments');
  if (!fn?.timeoutSeconds) throw new Error('reverify-pending-payments has no timeout in the catalogue');
  const deadline = Date.now() + fn.timeoutSeconds * 1000;
  return () => deadline - Date.now();
}
