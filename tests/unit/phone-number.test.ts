import { describe, expect, it } from 'vitest';
import { phoneForReading } from '@shared/phone-number';

describe('a phone number as a person reads it', () => {
  it.each([
    ['+64219876543', '021 987 6543'], // a mobile, 7 digits after 021
    ['+6421123456', '021 123 456'], // an older 6-digit mobile
    ['+64271234567', '027 123 4567'],
    ['+6491234567', '09 123 4567'], // an Auckland landline
    ['+6433794567', '03 379 4567'],
    ['+64800123456', '0800 123 456'], // freephone
    ['+64508123456', '0508 123 456'],
  ])('New Zealand %s reads %s', (e164, shown) => {
    expect(phoneForReading(e164)).toBe(shown);
  });

  it('another country is left in E.164, its grouping being its own', () => {
    expect(phoneForReading('+61 412 345 678')).toBe('+61412345678');
  });

  it('what is not E.164 is shown as typed', () => {
    expect(phoneForReading('021 987 6543')).toBe('021 987 6543');
    expect(phoneForReading('call me')).toBe('call me');
  });
});
