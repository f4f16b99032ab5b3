import { describe, expect, it } from 'vitest';
import { dayOn, instantOfWallClock, monthOn, wallClockOf } from '@shared/wall-clock';

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

describe("dayOn and monthOn: the merchant's today, not UTC's", () => {
  it('at 09:00 on a New Zealand morning, today is the New Zealand date (the UTC date is yesterday)', () => {
    // 09:00 NZDT on 1 December 2026 is 20:00 UTC on 30 November.
    const morning = '2026-11-30T20:00:00.000Z';
    expect(dayOn('Pacific/Auckland', morning)).toBe('2026-12-01');
    expect(monthOn('Pacific/Auckland', morning)).toBe('2026-12');
    expect(morning.slice(0, 10)).toBe('2026-11-30');
  });

  it("follows the merchant's zone on either side of midnight", () => {
    expect(dayOn('Pacific/Auckland', '2026-06-30T11:59:00.000Z')).toBe('2026-06-30');
    expect(dayOn('Pacific/Auckland', '2026-06-30T12:00:00.000Z')).toBe('2026-07-01');
    expect(dayOn('Pacific/Chatham', '2026-06-30T11:14:00.000Z')).toBe('2026-06-30');
    expect(dayOn('Pacific/Chatham', '2026-06-30T11:15:00.000Z')).toBe('2026-07-01');
  });
});
