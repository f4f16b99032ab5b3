import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '@shared/intl-formats';
import { formatMoney } from '@shared/money';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same locale and options, and another for other options', () => {
    const nzd = numberFormat('en-NZ', { style: 'currency', currency: 'NZD' });
    expect(numberFormat('en-NZ', { style: 'currency', currency: 'NZD' })).toBe(nzd);
    expect(numberFormat('en-NZ', { style: 'currency', currency: 'AUD' })).not.toBe(nzd);
    expect(numberFormat('en-US', { style: 'currency', currency: 'NZD' })).not.toBe(nzd);

    const auckland = dateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', dateStyle: 'long' });
    expect(dateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', dateStyle: 'long' })).toBe(auckland);
    expect(dateTimeFormat('en-NZ', { timeZone: 'Pacific/Chatham', dateStyle: 'long' })).not.toBe(auckland);
  });

  it('formats as a fresh formatter would, whichever options were asked for first', () => {
    // Whole dollars first, then cents: a shared formatter must not carry one call's digits into the next.
    expect(formatMoney(2900, 'nzd', { wholeUnits: true })).toBe('$29');
    expect(formatMoney(2950, 'nzd', { wholeUnits: true })).toBe('$29.50');
    expect(formatMoney(2900, 'nzd')).toBe('$29.00');
    expect(formatMoney(2900, 'aud')).toBe(
      new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 }).format(29),
    );
  });
});
