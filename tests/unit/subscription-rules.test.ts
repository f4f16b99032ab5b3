import { describe, expect, it } from 'vitest';
import { HttpError } from '@functions/domain/http-error';
import type { MerchantRecord } from '@functions/domain/merchants';
import { accessStateOf, assertMayUseGatedFeatures, subscriptionStatusOf } from '@functions/domain/subscription';

const now = new Date('2026-11-21T12:00:00Z');
const day = 86_400_000;

function merchant(overrides: Partial<MerchantRecord> = {}): MerchantRecord {
  return {
    merchantId: 'm',
    email: 'm@x.nz',
    fullName: 'M',
    companyName: null,
    plan: 'business-trial',
    currency: 'nzd',
    timeZone: 'Pacific/Auckland',
    trialEndsAt: new Date(now.getTime() + 10 * day).toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...overrides,
  };
}

describe('subscription rules', () => {
  it('the trial gives access until it ends; then only a paying subscription does', () => {
    expect(accessStateOf(merchant(), now)).toBe('trial');
    const ended = merchant({ trialEndsAt: new Date(now.getTime() - 1).toISOString() });
    expect(accessStateOf(ended, now)).toBe('expired');
    for (const status of ['active', 'trialing', 'past_due']) {
      const subscription = { id: 's', status, currentPeriodEnd: null, cancelAtPeriodEnd: false };
      expect(accessStateOf({ ...ended, subscription }, now)).toBe('subscribed');
    }
    for (const status of ['canceled', 'unpaid', 'incomplete_expired']) {
      const subscription = { id: 's', status, currentPeriodEnd: null, cancelAtPeriodEnd: false };
      expect(accessStateOf({ ...ended, subscription }, now)).toBe('expired');
    }
  });

  it.each([
    [10 * day, 10],
    [6.1 * day, 7],
    [7 * day, 7],
    [1, 1],
    [0, 0],
    [-5 * day, 0],
  ])('%i ms left of the trial shows %i days (rounded up, never negative)', (msLeft, days) => {
    const status = subscriptionStatusOf(merchant({ trialEndsAt: new Date(now.getTime() + msLeft).toISOString() }), now);
    expect(status.trial_days_left).toBe(days);
  });

  it('gated actions are refused with 403 once the trial has ended unpaid', () => {
    expect(() => assertMayUseGatedFeatures(merchant(), now)).not.toThrow();
    const ended = merchant({ trialEndsAt: new Date(now.getTime() - 1).toISOString() });
    expect(() => assertMayUseGatedFeatures(ended, now)).toThrow(HttpError);
    try {
      assertMayUseGatedFeatures(ended, now);
    } catch (error) {
      expect(error).toMatchObject({ status: 403, code: 'subscription_required' });
    }
  });
});
