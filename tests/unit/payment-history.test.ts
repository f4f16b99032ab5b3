import { describe, expect, it } from 'vitest';
import { startOfDayIn } from '@functions/domain/merchant-days';
import { decodeCursor, encodeCursor, stripeDashboardUrlOf } from '@functions/domain/payment-history';

describe("the payment's Stripe dashboard link", () => {
  it('opens the test-mode dashboard for a test key and the live one for a live key', () => {
    expect(stripeDashboardUrlOf('pi_123', { secretKey: 'sk_test_abc' })).toBe(
      'https://dashboard.stripe.com/test/payments/pi_123',
    );
    expect(stripeDashboardUrlOf('pi_123', { secretKey: 'rk_test_abc' })).toBe(
      'https://dashboard.stripe.com/test/payments/pi_123',
    );
    expect(stripeDashboardUrlOf('pi_123', { secretKey: 'sk_live_abc' })).toBe(
      'https://dashboard.stripe.com/payments/pi_123',
    );
  });

  it('uses the local runtime base when given, and is null before there is a payment intent', () => {
    expect(
      stripeDashboardUrlOf('pi_1', { secretKey: 'sk_live_x', dashboardBase: 'http://127.0.0.1:4015/dashboard' }),
    ).toBe('http://127.0.0.1:4015/dashboard/payments/pi_1');
    expect(stripeDashboardUrlOf(null, { secretKey: 'sk_test_x' })).toBeNull();
  });
});

describe('days in the merchant time zone', () => {
  it.each([
    ['2024-07-01', 'Pacific/Auckland', '2024-06-30T12:00:00.000Z'], // NZST +12
    ['2024-01-01', 'Pacific/Auckland', '2023-12-31T11:00:00.000Z'], // NZDT +13
    ['2024-04-07', 'Pacific/Auckland', '2024-04-06T11:00:00.000Z'], // DST ends at 03:00 that day: midnight is still +13
    ['2024-09-29', 'Pacific/Auckland', '2024-09-28T12:00:00.000Z'], // DST starts at 02:00 that day: midnight is still +12
    ['2024-06-30', 'Australia/Perth', '2024-06-29T16:00:00.000Z'],
    ['2024-03-10', 'America/New_York', '2024-03-10T05:00:00.000Z'],
    ['2024-06-30', 'UTC', '2024-06-30T00:00:00.000Z'],
  ])('%s begins in %s at %s', (day, zone, instant) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(instant);
  });
});

describe('list cursors', () => {
  it('round-trips a position and refuses anything else', () => {
    const position = { createdAt: '2024-06-30T12:00:00.000Z', paymentId: 'pay_AAAAAAAAAAAAAAAA' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    for (const bad of [
      '',
      '!!',
      'bm90IGpzb24',
      encodeCursor(position).slice(0, -3),
      Buffer.from('{"c":"x","p":"y"}').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow(/out of date/);
    }
  });
});
