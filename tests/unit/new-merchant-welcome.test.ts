/**
 * A new merchant is welcomed, not welcomed back, for their first day on every device (docs/decisions.md #206):
 * the home reads `isNewMerchant` from the profile's `createdAt`.
 */
import { describe, expect, it } from 'vitest';
import {
  dashboardFrameStrings,
  isNewMerchant,
  NEW_MERCHANT_HOURS,
} from '@web/features/dashboard/dashboard-frame-strings';

const SIGNED_UP = '2026-12-06T08:00:00.000Z';
const hoursLater = (hours: number) => new Date(Date.parse(SIGNED_UP) + hours * 3_600_000);

describe('the welcome on the dashboard', () => {
  it('welcomes a merchant for the first day after signing up, and welcomes them back after', () => {
    expect(isNewMerchant(SIGNED_UP, hoursLater(0))).toBe(true);
    expect(isNewMerchant(SIGNED_UP, hoursLater(NEW_MERCHANT_HOURS - 0.01))).toBe(true);
    expect(isNewMerchant(SIGNED_UP, hoursLater(NEW_MERCHANT_HOURS))).toBe(false);
    expect(isNewMerchant('not a date', hoursLater(1))).toBe(false);
  });

  it("words the heading by the profile's age, whatever this browser has seen", () => {
    const names = { fullName: 'Mere Tawhiri', companyName: 'Kōwhai Café' };
    const heading = (createdAt: string) => dashboardFrameStrings.welcome(names, isNewMerchant(createdAt));
    expect(heading(new Date().toISOString())).toBe('Welcome, Kōwhai Café');
    expect(heading('2020-01-01T00:00:00.000Z')).toBe('Welcome back, Kōwhai Café');
    expect(dashboardFrameStrings.welcome({ companyName: null, fullName: 'Mere Tawhiri' }, true)).toBe(
      'Welcome, Mere Tawhiri',
    );
  });
});
