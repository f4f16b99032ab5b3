import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@shared/brand';
import { formatDate } from '@shared/format-date';
import { formatMoney } from '@shared/money';

/**
 * Intl's formatters the dashboard's first render uses, made ahead (shared/intl-formats.ts keeps them): in New
 * Zealand's dollars and time zone, as every business's until its profile says otherwise. The first formatter a
 * page makes loads the browser's locale data, 15–30 ms of the main thread on this machine (four times that on a
 * phone), once per page; each later one costs a millisecond or two. Small enough for the entry, which calls it
 * before the dashboard's frame is painted (main.tsx, docs/decisions.md #291); the app's warm-up calls it again
 * for the pages that had no frame, where it finds the formatters made.
 */
export function warmUpIntl(): void {
  formatMoney(0, DEFAULT_CURRENCY);
  formatDate(new Date(), DEFAULT_TIME_ZONE);
}
