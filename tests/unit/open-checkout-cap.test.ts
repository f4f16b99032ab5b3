import { describe, expect, it } from 'vitest';
import { OPEN_CHECKOUTS_PER_LIMITED_LINK, OPEN_CHECKOUTS_PER_LINK, openCheckoutCap } from '@functions/domain/checkout';

describe('openCheckoutCap (docs/decisions.md #60, #115)', () => {
  it('keeps 50 for a link without a limit or with fewer places', () => {
    expect(openCheckoutCap({ maxPayments: null })).toBe(OPEN_CHECKOUTS_PER_LINK);
    expect(openCheckoutCap({ maxPayments: 5 })).toBe(OPEN_CHECKOUTS_PER_LINK);
  });

  it("follows a limited link's places, up to 500", () => {
    expect(openCheckoutCap({ maxPayments: 60 })).toBe(60);
    expect(openCheckoutCap({ maxPayments: 500 })).toBe(500);
    expect(openCheckoutCap({ maxPayments: 100_000 })).toBe(OPEN_CHECKOUTS_PER_LIMITED_LINK);
  });
});
