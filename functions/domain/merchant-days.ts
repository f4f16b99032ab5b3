/**
 * Calendar days as a merchant lives them (docs/decisions.md #12: days and months are the merchant's,
 * Pacific/Auckland by default). Time-zone arithmetic is date-fns with @date-fns/tz, which knows each
 * zone's daylight-saving changes, rather than offsets worked out by hand (docs/decisions.md #61).
 *
 * A day is its `yyyy-MM-dd` name; where a day only names a calendar date (adding days, the month before)
 * it is reckoned in UTC, so the server's own zone never enters.
 */
import { tz } from '@date-fns/tz';
// formatISO, not format: format carries every token's formatter and the en-US locale (~17 KB of each
// bundle that reckons days) to write the one shape formatISO writes (docs/decisions.md #101).
import { addDays as addCalendarDays, formatISO, parseISO, startOfDay, subMonths } from 'date-fns';

const inUtc = { in: tz('UTC') };
const DATE_ONLY = { representation: 'date' } as const;

/** The calendar day (yyyy-MM-dd) of `instant` in `timeZone`. */
export function dayInTimeZone(instant: string | Date, timeZone: string): string {
  return formatISO(new Date(instant), { ...DATE_ONLY, in: tz(timeZone) });
}

/**
 * The instant `day` (yyyy-MM-dd) begins in `timeZone`: its midnight, or where a daylight-saving change
 * skips midnight, the first moment the day has.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  return new Date(startOfDay(parseISO(day, { in: tz(timeZone) })).getTime());
}

/** `yyyy-MM-dd` plus `days` (calendar arithmetic; no time zone involved). */
export function addDays(day: string, days: number): string {
  return formatISO(addCalendarDays(parseISO(day, inUtc), days), DATE_ONLY);
}

/** The month before `yyyy-MM`. */
export function previousMonth(month: string): string {
  return formatISO(subMonths(parseISO(`${month}-01`, inUtc), 1), DATE_ONLY).slice(0, 'yyyy-MM'.length);
}
