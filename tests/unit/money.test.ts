import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import {
  MAX_TIP_PERCENT,
  PAYMENT_MAX_CENTS,
  formatMoney,
  parseMoneyInput,
  paymentAmounts,
  shareOfCents,
  tipCents,
} from '@shared/money';

describe('tip maths (half-up to the cent, 0–50 %)', () => {
  it.each([
    [1000, 15, 150], // exact
    [1235, 15, 185], // 185.25 → 185
    [1250, 15, 188], // 187.5 → 188: a half rounds up
    [550, 10, 55],
    [333, 50, 167], // 166.5 → 167
    [1, 50, 1], // 0.5 → 1
    [1, 49, 0], // 0.49 → 0
    [999, 0, 0],
  ])('%i cents at %i %% is %i cents', (base, percent, expected) => {
    expect(tipCents(base, percent)).toBe(expected);
  });

  it('matches exact rational rounding for every base and percentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PAYMENT_MAX_CENTS }),
        fc.integer({ min: 0, max: MAX_TIP_PERCENT }),
        (base, percent) => {
          // base × percent / 100, rounded half-up, computed with BigInt as the reference.
          const scaled = BigInt(base) * BigInt(percent);
          const reference = Number((scaled * 2n + 100n) / 200n);
          expect(tipCents(base, percent)).toBe(reference);
        },
      ),
    );
  });

  it("adds the link's tip only when the payer chose it and the link offers one", () => {
    expect(paymentAmounts(1235, 15, 'percent')).toEqual({ baseCents: 1235, tipCents: 185, totalCents: 1420 });
    expect(paymentAmounts(1235, 15, 'none')).toEqual({ baseCents: 1235, tipCents: 0, totalCents: 1235 });
    expect(paymentAmounts(1235, null, 'percent')).toEqual({ baseCents: 1235, tipCents: 0, totalCents: 1235 });
  });

  it("Paylink's 0.5 % fee rounds half-up too", () => {
    expect(shareOfCents(605, PRODUCT_FEE_BASIS_POINTS)).toBe(3); // 3.025
    expect(shareOfCents(100, PRODUCT_FEE_BASIS_POINTS)).toBe(1); // 0.5 → 1
    expect(shareOfCents(99, PRODUCT_FEE_BASIS_POINTS)).toBe(0); // 0.495
    expect(shareOfCents(PAYMENT_MAX_CENTS, PRODUCT_FEE_BASIS_POINTS)).toBe(50_000);
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.29', 29],
    ['.5', 50],
    ['$1,250.00', 125000],
    [' 7.05 ', 705],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseMoneyInput(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '-5', '1e3', '12.5.0'])('refuses %j', (text) => {
    expect(parseMoneyInput(text)).toBeNull();
  });

  it('round-trips every cent amount through its two-decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PAYMENT_MAX_CENTS }), (cents) => {
        expect(parseMoneyInput((cents / 100).toFixed(2))).toBe(cents);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('writes NZD the New Zealand way', () => {
    expect(formatMoney(125_050, 'nzd')).toBe('$1,250.50');
    expect(formatMoney(2900, 'nzd', { wholeUnits: true })).toBe('$29');
  });
});
