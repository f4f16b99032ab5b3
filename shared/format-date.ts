/**
 * Dates as a merchant reads them (docs/decisions.md #12): on the merchant's clock, day first,
 * 24-hour. Assembled from the formatter's parts so no locale's punctuation (en-NZ's ', ' before the time)
 * leaks in: the screens, the CSV export and the file names all read the same.
 */

import { dateTimeFormat } from './intl-formats';

function partsIn(instant: string | Date, timeZone: string) {
  const format = dateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // Midnight is 00:00, never 24:00.
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

/** '14/03/2026 09:05': `dd/MM/yyyy HH:mm` for an instant, as the clock reads in `timeZone`. */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  const { day, month, year, hour, minute } = partsIn(instant, timeZone);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** '14/03/2026': `dd/MM/yyyy` for an instant, the day it is in `timeZone`. */
export function formatDate(instant: string | Date, timeZone: string): string {
  const { day, month, year } = partsIn(instant, timeZone);
  return `${day}/${month}/${year}`;
}

/** '2026-03-14': `yyyy-MM-dd` for an instant, the day it is in `timeZone` (file names, URLs). */
export function formatIsoDay(instant: string | Date, timeZone: string): string {
  const { day, month, year } = partsIn(instant, timeZone);
  return `${year}-${month}-${day}`;
}
