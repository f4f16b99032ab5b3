/**
 * A merchant types a date and time as their own clock reads it (docs/decisions.md #53); Paylink stores the
 * instant. Intl only, so the server and the browser convert the same way with no time-zone library.
 */

import { dateTimeFormat } from './intl-formats';

/** `yyyy-MM-ddTHH:mm`, as an `<input type="datetime-local">` gives it. */
export const WALL_CLOCK_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const HOUR_MS = 3_600_000;

/** `timeZone`'s offset from UTC at `instant`, in milliseconds (whole minutes). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(instant));
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'));
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

export type WallClockInstant = { ok: true; instant: Date } | { ok: false; reason: 'invalid' | 'skipped' };

/**
 * The instant `wallClock` names in `timeZone`. A time the clocks skip when they go forward does not exist
 * (`skipped`); a time they pass twice when they go back is the later of the two, so the link stays open
 * until the clock reads that time for the last time.
 */
export function instantOfWallClock(wallClock: string, timeZone: string): WallClockInstant {
  const match = WALL_CLOCK_PATTERN.exec(wallClock);
  if (!match) return { ok: false, reason: 'invalid' };
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return { ok: false, reason: 'invalid' };
  }
  // Each offset the zone has within a day either side; an instant is the answer when its own offset is the one used.
  const offsets = new Set([offsetAt(asUtc - 24 * HOUR_MS, timeZone), offsetAt(asUtc + 24 * HOUR_MS, timeZone)]);
  const instants = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const offset = asUtc - instant;
      return offsetAt(instant, timeZone) === offset;
    });
  if (instants.length === 0) return { ok: false, reason: 'skipped' };
  return { ok: true, instant: new Date(Math.max(...instants)) };
}

/** The merchant's clock at `instant`, as `yyyy-MM-ddTHH:mm` (what the date-time field shows). */
export function wallClockOf(instant: string | Date, timeZone: string): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const field = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${field('year')}-${field('month')}-${field('day')}T${field('hour')}:${field('minute')}`;
}

/**
 * The merchant's date (`yyyy-MM-dd`) at `instant`: what a screen offers as "today" in a date field. Never the
 * UTC date, which in New Zealand is yesterday's until 11 am or 1 pm.
 */
export function dayOn(timeZone: string, instant: string | Date = new Date()): string {
  return wallClockOf(instant, timeZone).slice(0, 10);
}

/** The merchant's month (`yyyy-MM`) at `instant`. */
export function monthOn(timeZone: string, instant: string | Date = new Date()): string {
  return wallClockOf(instant, timeZone).slice(0, 7);
}
