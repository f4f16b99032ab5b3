/**
 * The years a merchant's date or month filter may name. Paylink holds nothing before 2000 or after 2100, and
 * the calendar arithmetic under a filter (the day after Date To, a period's first month, the months before
 * it a refund may correct) leaves what `Date` can hold at year 0 and 9999: a filter outside these years is
 * refused in words rather than reaching it (issue 48, door 6).
 */
export const EARLIEST_FILTER_YEAR = 2000;
export const LATEST_FILTER_YEAR = 2100;

/** Whether a `yyyy-…` day or month name falls in the years a filter may name. */
export function isInFilterYears(dayOrMonth: string): boolean {
  const year = Number(dayOrMonth.slice(0, 4));
  return year >= EARLIEST_FILTER_YEAR && year <= LATEST_FILTER_YEAR;
}
