import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockOf } from '@shared/wall-clock';

/** The merchant's clock reading ↔ the instant (docs/decisions.md #53), across both hemispheres' clock changes. */
describe('instantOfWallClock', () => {
  it.each([
    ['Pacific/Auckland', '2026-12-01T17:00', '2026-12-01T04:00:00.000Z'], // NZDT, +13
    ['Pacific/Auckland', '2027-06-01T17:00', '2027-06-01T05:00:00.000Z'], // NZST, +12
    ['Pacific/Auckland', '2027-04-04T02:30', '2027-04-03T14:30:00.000Z'], // passed twice: the later
    ['Europe/London', '2027-10-31T01:30', '2027-10-31T01:30:00.000Z'], // passed twice: the later (GMT)
    ['Australia/Perth', '2027-01-15T17:00', '2027-01-15T09:00:00.000Z'], // no daylight saving
  ])('%s %s is %s', (timeZone, wallClock, instant) => {
    const result = instantOfWallClock(wallClock, timeZone);
    expect(result).toEqual({ ok: true, instant: new Date(instant) });
    expect(wallClockOf(instant, timeZone)).toBe(wallClock);
  });

  it.each([
    ['Pacific/Auckland', '2027-09-26T02:30'],
    ['Europe/London', '2027-03-28T01:30'],
  ])('refuses %s %s, a time the clocks skip', (timeZone, wallClock) => {
    expect(instantOfWallClock(wallClock, timeZone)).toEqual({ ok: false, reason: 'skipped' });
  });

  it.each(['2027-02-29T10:00', '2027-01-01T24:00', '2027-01-01T10:60', '2027-01-01 10:00', ''])(
    'refuses %j as no clock reading',
    (wallClock) => {
      expect(instantOfWallClock(wallClock, 'Pacific/Auckland')).toEqual({ ok: false, reason: 'invalid' });
    },
  );
});
