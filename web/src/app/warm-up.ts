import { cn } from '@web/lib/cn';
import { DASHBOARD_FORMATS, warmUpIntl } from './warm-up-intl';

/**
 * Work a page's first render would otherwise do on the spot, done while its code and reads are still on their
 * way and the browser is idle (docs/decisions.md #247): tailwind-merge builds its class table on its first call,
 * and Intl loads its number and time-zone data with the first formatter of each kind — each several
 * milliseconds on a fast machine, four times that on a phone, and on the page's one render task otherwise.
 * Each in a task of its own, so no task is long. On a signed-in /dashboard the entry has made the formatters
 * already, before the frame's first paint (warm-up-intl.ts): there the second step finds them made.
 */
export function warmUpFirstRender(): void {
  const steps = [() => cn('p-0', 'p-1'), () => warmUpIntl(DASHBOARD_FORMATS)];
  for (const step of steps) setTimeout(step, 0);
}
