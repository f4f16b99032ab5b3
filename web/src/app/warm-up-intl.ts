import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@shared/brand';
import { formatDate } from '@shared/format-date';
import { dateTimeFormat, numberFormat } from '@shared/intl-formats';
import { formatMoney } from '@shared/money';

/**
 * Intl's formatters a page's first render uses, made ahead (shared/intl-formats.ts keeps them): in New Zealand's
 * dollars and time zone, as every business's until its profile says otherwise. The first formatter a page makes
 * loads the browser's locale data: 15–30 ms of the main thread on this machine in one piece (four times that on a
 * phone), once per page; each later one costs a millisecond or two. In smaller steps, each in a task of its own,
 * it is the same work with no long task: the locale's likely subtags, then the number (and date) machinery, then
 * the formatters themselves (docs/decisions.md #291, #300).
 */
type Step = () => unknown;

/** The first number formatter's cost, in two pieces: the locale's likely subtags, then the locale list V8 builds. */
const LOCALE_DATA: readonly Step[] = [() => new Intl.Locale('en-NZ').maximize(), () => numberFormat('en-NZ')];

/** The dashboard's: amounts, the plan's whole-dollar price and dates. */
export const DASHBOARD_FORMATS: readonly Step[] = [
  ...LOCALE_DATA,
  () => dateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE }),
  () => formatMoney(0, DEFAULT_CURRENCY),
  // Whole dollars: the plan's price, written as the dashboard's words are evaluated.
  () => formatMoney(0, DEFAULT_CURRENCY, { wholeUnits: true }),
  () => formatDate(new Date(), DEFAULT_TIME_ZONE),
];

/** A payer's page: its amounts (a link in another currency makes its own formatter as it draws, a millisecond). */
export const PAYER_PAGE_FORMATS: readonly Step[] = [...LOCALE_DATA, () => formatMoney(0, DEFAULT_CURRENCY)];

/** Makes `formats` one step per task, starting in the next task. */
export function warmUpIntl(formats: readonly Step[]): void {
  const next = (step: number) => {
    if (step >= formats.length) return;
    formats[step]?.();
    setTimeout(() => next(step + 1), 0);
  };
  setTimeout(() => next(0), 0);
}
