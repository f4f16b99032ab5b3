import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MAX_CENTS } from '@shared/money';
import {
  gstInInclusiveCents,
  gstOnExclusiveCents,
  paymentGst,
  roundCentsS19O,
  supplyInformationTier,
  tierRequires,
} from '@functions/domain/gst';
import { formatGstNumber, gstNumberDigits, gstNumberProblem, isValidGstNumber } from '@shared/gst-number';

describe('s19O rounding: up to and including half a cent is dropped, above half a cent is a whole cent', () => {
  it.each([
    [10, 20, 0], // 0.5 → 0: an exact half is dropped
    [11, 20, 1], // 0.55 → 1
    [9, 20, 0], // 0.45 → 0
    [30, 20, 1], // 1.5 → 1
    [50, 20, 2], // 2.5 → 2
    [40, 20, 2], // exact
  ])('%i / %i cents is %i cents', (numerator, denominator, expected) => {
    expect(roundCentsS19O(numerator, denominator)).toBe(expected);
  });

  it('drops the exact half cents a GST-exclusive amount produces, and rounds up just above them', () => {
    expect(gstOnExclusiveCents(10)).toBe(1); // 15 % of 10 c = 1.5 c → 1 c
    expect(gstOnExclusiveCents(30)).toBe(4); // 4.5 c → 4 c
    expect(gstOnExclusiveCents(12_345_10)).toBe(185_176); // $12,345.10 × 15 % = 185,176.5 c → 185,176 c
    expect(gstOnExclusiveCents(17)).toBe(3); // 2.55 c → 3 c
    expect(gstOnExclusiveCents(20_000)).toBe(3_000);
  });

  it('takes 3/23 of a GST-inclusive amount', () => {
    expect(gstInInclusiveCents(23_000)).toBe(3_000); // $230 includes $30.00
    expect(gstInInclusiveCents(2_300)).toBe(300);
    expect(gstInInclusiveCents(20_000)).toBe(2_609); // 2,608.69… → 2,609
    expect(gstInInclusiveCents(20_001)).toBe(2_609); // 2,608.82… → 2,609
    expect(gstInInclusiveCents(100_000)).toBe(13_043); // 13,043.47… → 13,043
    expect(gstInInclusiveCents(100_001)).toBe(13_044); // 13,043.60… → 13,044
    expect(gstInInclusiveCents(4)).toBe(1); // 0.52… → 1
    expect(gstInInclusiveCents(3)).toBe(0); // 0.39… → 0
    expect(gstInInclusiveCents(-2_300)).toBe(-300);
  });

  it('matches exact rational s19O rounding for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PAYMENT_MAX_CENTS }), (cents) => {
        const scaled = BigInt(cents) * 3n;
        const whole = scaled / 23n;
        const reference = Number((scaled - whole * 23n) * 2n > 23n ? whole + 1n : whole);
        expect(gstInInclusiveCents(cents)).toBe(reference);
        // Never a cent more than the exact 3/23.
        expect(gstInInclusiveCents(cents) * 23 - cents * 3).toBeLessThan(23);
      }),
    );
  });
});

describe('taxable supply information tiers', () => {
  it.each([
    [20_000, 'basic', false, false], // $200.00
    [20_001, 'gst-number', true, false], // $200.01
    [100_000, 'gst-number', true, false], // $1,000.00
    [100_001, 'recipient', true, true], // $1,000.01
    [50, 'basic', false, false],
  ] as const)('%i cents needs %s', (cents, tier, gstNumber, recipient) => {
    expect(supplyInformationTier(cents)).toBe(tier);
    expect(tierRequires(supplyInformationTier(cents))).toEqual({ gstNumber, recipient });
  });

  const registered = {
    gstRegistered: true,
    gstNumber: '49091850',
    legalName: 'Kōwhai Cafe Ltd',
    address: '1 Queen St, Auckland',
    tipTreatment: 'part-of-supply',
  } as const;

  it('has no GST line for a merchant not registered, or with no tax settings', () => {
    expect(paymentGst(undefined, { baseCents: 23_000, tipCents: 0 })).toBeNull();
    expect(paymentGst({ ...registered, gstRegistered: false }, { baseCents: 23_000, tipCents: 0 })).toBeNull();
  });

  it('counts a tip in the supply, or leaves it out, as the merchant chose', () => {
    expect(paymentGst(registered, { baseCents: 19_000, tipCents: 2_850 })).toEqual({
      tier: 'gst-number',
      treatment: 'standard',
      supplyCents: 21_850,
      gstCents: 2_850,
    });
    expect(
      paymentGst({ ...registered, tipTreatment: 'outside-supply' }, { baseCents: 19_000, tipCents: 2_850 }),
    ).toEqual({ tier: 'basic', treatment: 'standard', supplyCents: 19_000, gstCents: 2_478 });
  });

  it('follows the link’s treatment: 0% for a zero-rated sale, no GST line for one that carries none', () => {
    const sale = { baseCents: 23_000, tipCents: 0 };
    expect(paymentGst(registered, { ...sale, gstTreatment: 'zero-rated' })).toEqual({
      tier: 'gst-number',
      treatment: 'zero-rated',
      supplyCents: 23_000,
      gstCents: 0,
    });
    expect(paymentGst(registered, { ...sale, gstTreatment: 'no-gst' })).toBeNull();
    // A payment made before the treatment was kept is standard-rated.
    expect(paymentGst(registered, { ...sale, gstTreatment: undefined })?.gstCents).toBe(3_000);
    expect(paymentGst({ ...registered, gstRegistered: false }, { ...sale, gstTreatment: 'zero-rated' })).toBeNull();
  });
});

describe('GST (IRD) number check', () => {
  it.each(['49-091-850', '49091850', '049 091 850', '136-410-132'])('accepts %s', (text) => {
    expect(gstNumberProblem(text)).toBeNull();
    expect(isValidGstNumber(text)).toBe(true);
  });

  it('uses the first weights when they give a check digit: 49-091-850', () => {
    expect(gstNumberProblem('49-091-851')).toBe('check-digit');
    expect(gstNumberProblem('49-091-850')).toBeNull();
  });

  it('retries with the second weights when the first give 10: 136-410-133 is refused, 136-410-132 accepted', () => {
    expect(gstNumberProblem('136-410-133')).toBe('check-digit');
    expect(gstNumberProblem('136-410-132')).toBeNull();
  });

  it('refuses every number whose check is 10 under both weight sets (010-000-05x)', () => {
    for (let last = 0; last <= 9; last += 1) expect(gstNumberProblem(`10-000-05${last}`)).toBe('check-digit');
  });

  it.each([
    ['', 'empty'],
    ['1234567', 'format'],
    ['1234567890', 'format'],
    ['49-091-85O', 'format'],
    ['09-999-999', 'range'],
    ['150-000-001', 'check-digit'],
  ])('refuses %j as %s', (text, problem) => {
    expect(gstNumberProblem(text)).toBe(problem);
  });

  // Inland Revenue expects to pass 150-000-000 within ten years: no ceiling (docs/decisions.md #122).
  it.each(['150-000-017', '987-654-309', '999-999-999'])(
    'accepts %s above 150-000-000 when its check digit is right',
    (text) => {
      expect(gstNumberProblem(text)).toBeNull();
    },
  );

  it('reads and prints the number as Inland Revenue does', () => {
    expect(gstNumberDigits(' 49-091-850 ')).toBe('49091850');
    expect(formatGstNumber('49091850')).toBe('49-091-850');
    expect(formatGstNumber('136410132')).toBe('136-410-132');
  });
});
