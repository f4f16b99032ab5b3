/** The Expires field's value (web/src/components/date-time-input.tsx): the wall clock the API takes. */
import { describe, expect, it } from 'vitest';
import { parseTimeText, wallClockOfParts } from '@web/components/date-time-input';
import { updateLinkExpirySchema } from '@shared/contracts/payment-links';

describe('a date and a time as the wall clock the API takes', () => {
  it('is yyyy-MM-ddTHH:mm for a dd/MM/yyyy day and a 24-hour time', () => {
    expect(wallClockOfParts({ date: '05/12/2026', time: '17:30' })).toBe('2026-12-05T17:30');
    expect(wallClockOfParts({ date: '5/1/2027', time: '9:05' })).toBe('2027-01-05T09:05');
  });

  it('is empty when both are, so the link never expires', () => {
    expect(wallClockOfParts({ date: ' ', time: '' })).toBe('');
  });

  it('keeps unfinished or impossible text, which the form refuses in words', () => {
    for (const parts of [
      { date: '05/12/2026', time: '' },
      { date: '', time: '17:30' },
      { date: '31/02/2026', time: '10:00' },
      { date: '05/12/2026', time: '24:00' },
    ]) {
      const value = wallClockOfParts(parts);
      const parsed = updateLinkExpirySchema.safeParse({ expiresAtLocal: value, expiredMessage: '' });
      expect(parsed.success, value).toBe(false);
    }
  });
});

describe('a time as people type it', () => {
  it.each([
    ['17:30', [17, 30]],
    ['1730', [17, 30]],
    ['930', [9, 30]],
    ['9', [9, 0]],
    ['21', [21, 0]],
    ['9pm', [21, 0]],
    ['9 PM', [21, 0]],
    ['9.30pm', [21, 30]],
    ['9:30 a.m.', [9, 30]],
    ['12am', [0, 0]],
    ['12pm', [12, 0]],
    ['00:15', [0, 15]],
  ])('%s is %j', (typed, clock) => {
    expect(parseTimeText(typed)).toEqual(clock);
  });

  it.each(['24:00', '13pm', '0am', '9:60', 'pm', '12345', ''])('%s is not a time', (typed) => {
    expect(parseTimeText(typed)).toBeNull();
  });

  it('makes the wall clock from 9pm', () => {
    expect(wallClockOfParts({ date: '05/12/2026', time: '9pm' })).toBe('2026-12-05T21:00');
  });
});
