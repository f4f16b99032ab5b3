/** The merchant's days around New Zealand's daylight-saving changes (docs/decisions.md #12, #61). */
import { describe, expect, it } from 'vitest';
import { addDays, dayInTimeZone, previousMonth, startOfDayIn } from '@functions/domain/merchant-days';

const AUCKLAND = 'Pacific/Auckland';

describe('the day an instant falls on in Auckland', () => {
  it.each([
    // April 2026: NZDT (+13) ends at 03:00 on Sunday 5 April, which becomes 02:00 NZST (+12).
    ['2026-04-04T10:59:59.999Z', '2026-04-04'], // 23:59:59.999 on the 4th, +13
    ['2026-04-04T11:00:00.000Z', '2026-04-05'], // midnight starting the 5th, still +13
    ['2026-04-04T13:59:59.999Z', '2026-04-05'], // 02:59:59.999 NZDT, the last moment before the change
    ['2026-04-04T14:00:00.000Z', '2026-04-05'], // 02:00 NZST again: the hour repeats, the day does not
    ['2026-04-05T11:59:59.999Z', '2026-04-05'], // 23:59:59.999 on the 5th, now +12: a 25-hour day
    ['2026-04-05T12:00:00.000Z', '2026-04-06'],
    // September 2026: NZST (+12) ends at 02:00 on Sunday 27 September, which becomes 03:00 NZDT (+13).
    ['2026-09-26T11:59:59.999Z', '2026-09-26'],
    ['2026-09-26T12:00:00.000Z', '2026-09-27'], // midnight starting the 27th, still +12
    ['2026-09-26T13:59:59.999Z', '2026-09-27'], // 01:59:59.999 NZST
    ['2026-09-26T14:00:00.000Z', '2026-09-27'], // 03:00 NZDT: the hour from 02:00 never happens
    ['2026-09-27T10:59:59.999Z', '2026-09-27'], // 23:59:59.999 on the 27th, now +13: a 23-hour day
    ['2026-09-27T11:00:00.000Z', '2026-09-28'],
  ])('%s is %s', (instant, day) => {
    expect(dayInTimeZone(instant, AUCKLAND)).toBe(day);
    expect(dayInTimeZone(new Date(instant), AUCKLAND)).toBe(day);
  });
});

describe('where a day begins in Auckland', () => {
  it.each([
    ['2026-04-05', '2026-04-04T11:00:00.000Z'], // the change is at 03:00: midnight is still +13
    ['2026-04-06', '2026-04-05T12:00:00.000Z'], // the first whole day of NZST
    ['2026-09-27', '2026-09-26T12:00:00.000Z'], // the change is at 02:00: midnight is still +12
    ['2026-09-28', '2026-09-27T11:00:00.000Z'], // the first whole day of NZDT
  ])('%s begins at %s', (day, instant) => {
    expect(startOfDayIn(day, AUCKLAND).toISOString()).toBe(instant);
  });

  it('makes the changing days 25 and 23 hours long, and every instant of them their own day', () => {
    const hours = (day: string) =>
      (startOfDayIn(addDays(day, 1), AUCKLAND).getTime() - startOfDayIn(day, AUCKLAND).getTime()) / 3_600_000;
    expect(hours('2026-04-05')).toBe(25);
    expect(hours('2026-09-27')).toBe(23);
    expect(hours('2026-07-01')).toBe(24);
    for (const day of ['2026-04-05', '2026-09-27']) {
      const first = startOfDayIn(day, AUCKLAND);
      const last = new Date(startOfDayIn(addDays(day, 1), AUCKLAND).getTime() - 1);
      expect([dayInTimeZone(first, AUCKLAND), dayInTimeZone(last, AUCKLAND)]).toEqual([day, day]);
      expect(dayInTimeZone(new Date(first.getTime() - 1), AUCKLAND)).toBe(addDays(day, -1));
    }
  });

  it('begins a day whose midnight a change skips at its first moment', () => {
    // Chile moves its clocks from 00:00 to 01:00 (−04 → −03) on 8 September 2024.
    expect(startOfDayIn('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });
});

describe('calendar arithmetic on day names', () => {
  it('ignores daylight saving: a day later is the next date, even over a change', () => {
    expect(addDays('2026-04-04', 1)).toBe('2026-04-05');
    expect(addDays('2026-04-05', 1)).toBe('2026-04-06');
    expect(addDays('2026-09-27', -1)).toBe('2026-09-26');
    expect(addDays('2026-09-26', 2)).toBe('2026-09-28');
  });

  it('steps back a month from the changing months', () => {
    expect(previousMonth('2026-04')).toBe('2026-03');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });
});
