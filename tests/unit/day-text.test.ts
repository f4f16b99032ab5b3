/** The date field's dd/MM/yyyy text (web/src/components/day-text.ts). */
import { describe, expect, it } from 'vitest';
import { formatDayText, maskDayText, parseDayText } from '@web/components/day-text';

describe('the dd/MM/yyyy text of a date field', () => {
  it('reads a typed day with or without leading zeros, as the calendar day it names', () => {
    expect(parseDayText('14/03/2026')).toEqual(new Date(2026, 2, 14));
    expect(parseDayText(' 1/3/2026 ')).toEqual(new Date(2026, 2, 1));
    expect(parseDayText('29/02/2028')).toEqual(new Date(2028, 1, 29));
  });

  it('refuses text that is not a real day', () => {
    for (const text of ['31/02/2026', '29/02/2026', '00/03/2026', '14/13/2026', '14/03/26', '2026-03-14', '']) {
      expect(parseDayText(text), text).toBeNull();
    }
  });

  it('writes a day back with leading zeros, and masks what a person types', () => {
    expect(formatDayText(new Date(2026, 2, 1))).toBe('01/03/2026');
    expect(maskDayText('14032026')).toBe('14/03/2026');
    expect(maskDayText('14.03-2026')).toBe('14/03/2026');
    expect(maskDayText('1a4/0b3')).toBe('14/03');
  });
});
