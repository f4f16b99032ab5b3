import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '@functions/domain/payments';
import {
  REFUND_STATUS_RANK,
  mergeMoneyNews,
  moneyStateOf,
  owedCounts,
  refundableCentsOf,
} from '@functions/domain/money-after-sale';
import type { StoredDispute, StoredRefund } from '@functions/domain/money-records';

const NOW = new Date('2026-11-23T01:00:00.000Z');

function payment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    paymentId: 'pay_AAAAAAAAAAAAAAAA',
    merchantId: 'merchant-1',
    linkId: 'link12345678',
    linkTitle: 'Flat white',
    linkDescription: null,
    stripeAccountId: 'acct_1',
    currency: 'nzd',
    baseCents: 2000,
    tipCents: 0,
    tipPercent: null,
    totalCents: 2000,
    productFeeCents: 10,
    status: 'succeeded',
    statusRank: 2,
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    settledAt: '2026-11-22T00:00:00.000Z',
    ...overrides,
  };
}

const refund = (id: string, amountCents: number, status: string): StoredRefund => ({
  refundId: id,
  amountCents,
  currency: 'nzd',
  status,
  reason: 'requested_by_customer',
  failureReason: status === 'failed' ? 'expired_or_canceled_card' : null,
  createdAt: '2026-11-23T00:00:00.000Z',
});

const dispute = (status: string): StoredDispute => ({
  disputeId: 'dp_1',
  status,
  reason: 'fraudulent',
  amountCents: 2000,
  currency: 'nzd',
  evidenceDueBy: '2026-11-30T00:00:00.000Z',
  createdAt: '2026-11-23T00:00:00.000Z',
});

type MoneyWrite = NonNullable<ReturnType<typeof mergeMoneyNews>['write']>;

/** The payment as the store leaves it after a merge's write (no `moneyState` attribute when it is null). */
function written(payment: PaymentRecord, write: MoneyWrite, overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  const { moneyState, markUncounted: _mark, ...rest } = write;
  return { ...payment, ...rest, moneyState: moneyState ?? undefined, ...overrides };
}

/** Applies each piece of news in turn, as the store would after each winning write. */
function applyAll(start: PaymentRecord, news: Parameters<typeof mergeMoneyNews>[1][]): PaymentRecord {
  return news.reduce<PaymentRecord>((current, item) => {
    const { write } = mergeMoneyNews(current, item, NOW);
    return write ? written(current, write) : current;
  }, start);
}

describe('the money after the sale', () => {
  it('a refund only moves forward: any order of its news ends at its furthest status', () => {
    const statuses = Object.keys(REFUND_STATUS_RANK).filter((status) => status !== 'canceled');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...statuses), { minLength: 1, maxLength: 8 }), (sequence) => {
        const end = applyAll(
          payment(),
          sequence.map((status) => ({ refunds: [refund('re_1', 500, status)] })),
        );
        const furthest = sequence.reduce((best, status) =>
          REFUND_STATUS_RANK[status]! > REFUND_STATUS_RANK[best]! ? status : best,
        );
        expect(end.refunds!.re_1!.status).toBe(furthest);
        // A refund that ever took money back is counted once; one that failed afterwards is given back once.
        const everActive = sequence.some((status) => status !== 'failed');
        const owed = owedCounts(end);
        expect(owed.filter((count) => count.kind === 'refund')).toHaveLength(
          everActive && end.refunds!.re_1!.countAt ? 1 : 0,
        );
        if (furthest === 'failed') {
          expect(end.refundedCents).toBe(0);
          expect(owed.some((count) => count.kind === 'refund-reversal')).toBe(Boolean(end.refunds!.re_1!.countAt));
        } else {
          expect(end.refundedCents).toBe(500);
        }
      }),
    );
  });

  it('repeating news changes nothing', () => {
    const once = applyAll(payment(), [{ refunds: [refund('re_1', 500, 'succeeded')] }]);
    expect(mergeMoneyNews(once, { refunds: [refund('re_1', 500, 'succeeded')] }, NOW).write).toBeUndefined();
    expect(mergeMoneyNews(once, { refunds: [refund('re_1', 500, 'pending')] }, NOW).write).toBeUndefined();
  });

  it('names the state: partially refunded, refunded, disputed while a dispute stands', () => {
    const base = payment();
    expect(moneyStateOf(base, { re_1: refund('re_1', 500, 'succeeded') }, undefined)).toBe('partially_refunded');
    expect(
      moneyStateOf(base, { re_1: refund('re_1', 500, 'succeeded'), re_2: refund('re_2', 1500, 'pending') }, undefined),
    ).toBe('refunded');
    expect(moneyStateOf(base, { re_1: refund('re_1', 2000, 'failed') }, undefined)).toBeNull();
    expect(moneyStateOf(base, {}, dispute('needs_response'))).toBe('disputed');
    expect(moneyStateOf(base, {}, dispute('lost'))).toBe('disputed');
    expect(moneyStateOf(base, { re_1: refund('re_1', 500, 'succeeded') }, dispute('won'))).toBe('partially_refunded');
  });

  it('refundable: what remains of a succeeded, undisputed payment', () => {
    expect(refundableCentsOf(payment({ refunds: { re_1: refund('re_1', 500, 'succeeded') } }))).toBe(1500);
    expect(refundableCentsOf(payment({ refunds: { re_1: refund('re_1', 500, 'failed') } }))).toBe(2000);
    expect(refundableCentsOf(payment({ status: 'pending' }))).toBe(0);
    expect(refundableCentsOf(payment({ dispute: dispute('under_review') }))).toBe(0);
    expect(refundableCentsOf(payment({ dispute: dispute('won') }))).toBe(2000);
  });

  it('a lost dispute owes one loss count; a dispute does not step back from lost', () => {
    const lost = applyAll(payment(), [{ dispute: dispute('needs_response') }, { dispute: dispute('lost') }]);
    expect(lost.dispute!.lostAt).toBe(NOW.toISOString());
    expect(owedCounts(lost).filter((count) => count.kind === 'dispute-loss')).toHaveLength(1);
    const stale = applyAll(lost, [{ dispute: dispute('under_review') }]);
    expect(stale.dispute!.status).toBe('lost');
  });

  it('a payment counted before its first refund stays counted: the refund write records it explicitly', () => {
    const counted = payment();
    const { write } = mergeMoneyNews(counted, { refunds: [refund('re_1', 500, 'succeeded')] }, NOW);
    expect(write).toMatchObject({ paymentCounted: true, markUncounted: true });
    expect(owedCounts(written(counted, write!, { uncountedShard: 'uncounted#0' })).map((count) => count.kind)).toEqual([
      'refund',
    ]);
    // A payment still pending when a refund's news lands (events out of order) is counted once it settles.
    const pending = payment({ status: 'pending', settledAt: undefined });
    const early = mergeMoneyNews(pending, { refunds: [refund('re_1', 500, 'succeeded')] }, NOW).write!;
    expect(early.paymentCounted).toBe(false);
    expect(
      owedCounts(written(pending, early, { status: 'succeeded', uncountedShard: 'uncounted#0' })).map(
        (count) => count.kind,
      ),
    ).toEqual(['payment', 'refund']);
  });
});
