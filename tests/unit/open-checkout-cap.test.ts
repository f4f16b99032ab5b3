import { describe, expect, it } from 'vitest';
import {
  OPEN_CHECKOUTS_PER_LIMITED_LINK,
  OPEN_CHECKOUTS_PER_LINK,
  OPEN_CHECKOUTS_PER_UNLIMITED_LINK,
  openCheckoutCap,
} from '@functions/domain/checkout';
import { CHECKOUTS_PER_CLIENT_PER_LINK, clientHoldCap } from '@functions/domain/checkout-holds';

describe('openCheckoutCap (docs/decisions.md #60, #115, #168)', () => {
  it('keeps 50 for a link with fewer places', () => {
    expect(openCheckoutCap({ maxPayments: 5 })).toBe(OPEN_CHECKOUTS_PER_LINK);
  });

  it('lets a link without a limit have 500 open, each client address holding only its share', () => {
    expect(openCheckoutCap({ maxPayments: null })).toBe(OPEN_CHECKOUTS_PER_UNLIMITED_LINK);
    expect(OPEN_CHECKOUTS_PER_UNLIMITED_LINK).toBe(500);
  });

  it("follows a limited link's places, up to 500", () => {
    expect(openCheckoutCap({ maxPayments: 60 })).toBe(60);
    expect(openCheckoutCap({ maxPayments: 500 })).toBe(500);
    expect(openCheckoutCap({ maxPayments: 100_000 })).toBe(OPEN_CHECKOUTS_PER_LIMITED_LINK);
  });
});

describe('clientHoldCap (docs/decisions.md #168)', () => {
  it("is a quarter of a limited link's places, at least 1, never all of them once it has two, at most 10", () => {
    expect([1, 2, 7, 8, 20, 40, 41, 500].map((places) => clientHoldCap({ maxPayments: places }))).toEqual([
      1, 1, 1, 2, 5, 10, 10, 10,
    ]);
  });

  it('is 10 on a link without a limit', () => {
    expect(clientHoldCap({ maxPayments: null })).toBe(CHECKOUTS_PER_CLIENT_PER_LINK);
  });
});
