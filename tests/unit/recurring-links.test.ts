/**
 * Recurring links' rules that need no store (issue 45): the schedule's words and Stripe's price for it, the
 * subscription-mode Checkout's parts, a subscriber's state from a Stripe subscription, and the renewal
 * payment ids that make each invoice one payment.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_ID_PATTERN } from '@shared/contracts/payment-id-and-status';
import { repeatAgreementWords, repeatPriceWords, stripeRecurringOf } from '@shared/recurring';
import { paymentAmounts } from '@shared/money';
import {
  RECURRING_FEE_PERCENT,
  recurringSessionParts,
  repeatMetadataOf,
  scheduleOfMetadata,
} from '@functions/domain/recurring-checkout';
import type { StripeSubscription } from '@functions/domain/stripe-port';
import { CANCELLED_BY, periodsBegunOf, renewalPaymentIdOf, subscriberStateOf } from '@functions/domain/subscribers';

const WEEKLY = { every: 'week', payments: null } as const;

function subscription(overrides: Partial<StripeSubscription> = {}): StripeSubscription {
  return {
    id: 'sub_1',
    status: 'active',
    customer: 'cus_1',
    metadata: {},
    cancel_at_period_end: false,
    cancel_at: null,
    ended_at: null,
    created: 1_790_000_000,
    billing_cycle_anchor: 1_790_000_000,
    items: { data: [{ current_period_start: 1_790_000_000, current_period_end: 1_790_604_800 }] },
    ...overrides,
  };
}

describe("a recurring link's words and price", () => {
  it('says what the payer pays and how often', () => {
    expect(repeatPriceWords(2500, 'nzd', WEEKLY)).toBe('NZD $25.00 every week');
    expect(repeatPriceWords(2500, 'nzd', { every: 'fortnight', payments: 10 })).toBe(
      'NZD $25.00 every fortnight for 10 payments',
    );
  });

  it('gives Stripe a fortnight as two weeks, and the others as they are', () => {
    expect(stripeRecurringOf('fortnight')).toEqual({ interval: 'week', interval_count: 2 });
    expect(stripeRecurringOf('month')).toEqual({ interval: 'month', interval_count: 1 });
    expect(stripeRecurringOf('year')).toEqual({ interval: 'year', interval_count: 1 });
  });

  it('tells the payer what they agree to, and that a tip is on the first payment only', () => {
    const words = repeatAgreementWords(2500, 'nzd', { every: 'month', payments: 12 }, { offersTip: true });
    expect(words).toContain('$25.00 every month for 12 payments');
    expect(words).toContain('first payment only');
    expect(repeatAgreementWords(2500, 'nzd', WEEKLY, { offersTip: false })).toContain('until you cancel');
  });
});

describe("a recurring link's Checkout", () => {
  const metadata = { paymentId: 'pay_x', linkId: 'lnk_x', merchantId: 'm', repeat: repeatMetadataOf(WEEKLY) };

  it('repeats the price and takes a tip once, with Paylink’s 0.5% on every invoice', () => {
    const amounts = paymentAmounts(2500, 10, 'percent');
    const parts = recurringSessionParts({ title: 'Yoga', currency: 'nzd', tipPercent: 10 }, WEEKLY, amounts, metadata);
    expect(parts.mode).toBe('subscription');
    expect(parts.line_items).toHaveLength(2);
    expect(parts.line_items[0]!.price_data).toMatchObject({ unit_amount: 2500, recurring: { interval: 'week' } });
    expect(parts.line_items[1]!.price_data.recurring).toBeUndefined();
    expect(parts.line_items[1]!.price_data.unit_amount).toBe(250);
    expect(parts.subscription_data).toMatchObject({ application_fee_percent: 0.5, metadata });
    expect(RECURRING_FEE_PERCENT).toBe(0.5);
  });

  it('has one line when no tip was chosen', () => {
    const amounts = paymentAmounts(2500, 10, 'none');
    const parts = recurringSessionParts({ title: 'Yoga', currency: 'nzd', tipPercent: 10 }, WEEKLY, amounts, metadata);
    expect(parts.line_items).toHaveLength(1);
  });

  it('reads back the schedule the metadata carries, and nothing else', () => {
    expect(scheduleOfMetadata(repeatMetadataOf({ every: 'fortnight', payments: 10 }))).toEqual({
      every: 'fortnight',
      payments: 10,
    });
    expect(scheduleOfMetadata('month:')).toEqual({ every: 'month', payments: null });
    for (const bad of [undefined, '', 'daily:', 'week:0', 'week:x', 'week'])
      expect(scheduleOfMetadata(bad)).toBeUndefined();
  });
});

describe("a subscriber's state, from Stripe's subscription", () => {
  it('is active with its next payment date while it runs', () => {
    expect(subscriberStateOf(subscription(), 1, null)).toEqual({
      status: 'active',
      nextPaymentAt: new Date(1_790_604_800_000).toISOString(),
      endsAtPeriodEnd: false,
      endedReason: null,
    });
  });

  it('is past due while Stripe retries, and has no next payment once told to end', () => {
    expect(subscriberStateOf(subscription({ status: 'past_due' }), 2, null).status).toBe('past_due');
    const ending = subscriberStateOf(subscription({ cancel_at_period_end: true }), 2, null);
    expect(ending).toMatchObject({ status: 'active', endsAtPeriodEnd: true, nextPaymentAt: null });
  });

  it('has ended: completed when every planned payment was made, cancelled otherwise, and says why', () => {
    const ended = (details: StripeSubscription['cancellation_details']) =>
      subscription({ status: 'canceled', cancellation_details: details });
    expect(subscriberStateOf(ended({ comment: CANCELLED_BY.lastPayment }), 10, 10)).toMatchObject({
      status: 'completed',
      endedReason: 'All 10 payments were made.',
    });
    expect(subscriberStateOf(ended({ comment: CANCELLED_BY.merchant }), 3, 10).endedReason).toBe('You cancelled it.');
    expect(subscriberStateOf(ended({ reason: 'cancellation_requested' }), 3, null)).toMatchObject({
      status: 'cancelled',
      endedReason: 'The payer cancelled it.',
    });
    expect(subscriberStateOf(ended({ comment: CANCELLED_BY.lastRetry }), 3, null).endedReason).toMatch(/declined/);
    expect(subscriberStateOf(ended({ reason: 'payment_failed' }), 3, null).endedReason).toMatch(/declined/);
    // Its last period over with a payment still being retried (docs/decisions.md #231).
    expect(subscriberStateOf(ended({ comment: CANCELLED_BY.lastPayment }), 9, 10)).toMatchObject({
      status: 'cancelled',
      endedReason: 'Its last period ended with a payment still unpaid.',
    });
  });

  it('counts the periods begun by calendar, through short months and leap years (#231)', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    const begun = (anchor: string, periodStart: string, every: 'week' | 'fortnight' | 'month' | 'year') =>
      periodsBegunOf(
        subscription({
          billing_cycle_anchor: at(anchor),
          items: { data: [{ current_period_start: at(periodStart), current_period_end: at(periodStart) + 1 }] },
        }),
        every,
      );
    expect(begun('2026-12-06T10:00:00Z', '2026-12-06T10:00:00Z', 'week')).toBe(1);
    expect(begun('2026-12-06T10:00:00Z', '2027-02-14T10:00:00Z', 'week')).toBe(11);
    expect(begun('2026-12-06T10:00:00Z', '2027-01-03T10:00:00Z', 'fortnight')).toBe(3);
    // A month-end anchor clamps to February, and every month after.
    expect(begun('2027-01-31T10:00:00Z', '2027-02-28T10:00:00Z', 'month')).toBe(2);
    expect(begun('2027-01-31T10:00:00Z', '2027-03-31T10:00:00Z', 'month')).toBe(3);
    // 120 months on, whatever the months' lengths in between.
    expect(begun('2027-01-31T10:00:00Z', '2037-01-31T10:00:00Z', 'month')).toBe(121);
    expect(begun('2028-02-29T10:00:00Z', '2029-02-28T10:00:00Z', 'year')).toBe(2);
    expect(begun('2028-02-29T10:00:00Z', '2038-02-28T10:00:00Z', 'year')).toBe(11);
  });
});

describe("a renewal's payment id", () => {
  it('is the same for every delivery of one invoice, another for another invoice, and shaped as any payment id', () => {
    const first = renewalPaymentIdOf('salt-a', 'in_1');
    expect(renewalPaymentIdOf('salt-a', 'in_1')).toBe(first);
    expect(renewalPaymentIdOf('salt-a', 'in_2')).not.toBe(first);
    expect(renewalPaymentIdOf('salt-b', 'in_1')).not.toBe(first);
    expect(first).toMatch(PAYMENT_ID_PATTERN);
  });
});
