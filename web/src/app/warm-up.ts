import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@shared/brand';
import { formatDate } from '@shared/format-date';
import { formatMoney } from '@shared/money';
import { cn } from '@web/lib/cn';

/**
 * Work a page's first render would otherwise do on the spot, done while its code and reads are still on their
 * way and the browser is idle (docs/decisions.md #247): tailwind-merge builds its class table on its first call,
 * and Intl loads its number and time-zone data with the first formatter of each kind — each several
 * milliseconds on a fast machine, four times that on a phone, and on the page's one render task otherwise.
 * Each in a task of its own, so no task is long; with the formatters the screens use (shared/intl-formats.ts
 * keeps them), in New Zealand's dollars and time zone, as every business's until its profile says otherwise.
 */
export function warmUpFirstRender(): void {
  const steps = [
    () => cn('p-0', 'p-1'),
    () => formatMoney(0, DEFAULT_CURRENCY),
    () => formatDate(new Date(), DEFAULT_TIME_ZONE),
  ];
  for (const step of steps) setTimeout(step, 0);
}
