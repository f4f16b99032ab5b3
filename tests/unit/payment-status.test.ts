import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentStatusSchema, type PaymentStatus } from '@shared/contracts/payment-id-and-status';
import { STATUS_RANK, foldStatuses, isForwardMove, nextStatus } from '@functions/domain/payment-status';
import { statusOfSession } from '@functions/domain/settlement';

const STATUSES = paymentStatusSchema.options;
const status = fc.constantFrom(...STATUSES);

describe('payment status transitions: forward only', () => {
  it('leaves open for any other status, and never returns to open', () => {
    for (const to of STATUSES.filter((s) => s !== 'open')) {
      expect(nextStatus('open', to)).toBe(to);
      expect(nextStatus(to, 'open')).toBe(to);
    }
  });

  it('leaves pending (money on its way) for any settled status, and never returns to pending', () => {
    for (const to of STATUSES.filter((s) => s !== 'pending' && s !== 'open')) {
      expect(nextStatus('pending', to)).toBe(to);
      expect(nextStatus(to, 'pending')).toBe(to);
    }
    expect(nextStatus('pending', 'open')).toBe('pending');
  });

  it('lets a succeeded payment move nowhere', () => {
    for (const to of STATUSES) expect(nextStatus('succeeded', to)).toBe('succeeded');
  });

  it('lets a canceled payment (whose session we expired) absorb the expired event it causes', () => {
    expect(nextStatus('canceled', 'expired')).toBe('canceled');
    expect(nextStatus('expired', 'canceled')).toBe('canceled');
    // …but money that moved after all is the truth.
    expect(nextStatus('canceled', 'succeeded')).toBe('succeeded');
  });

  it('any sequence of events ends where its forward-only fold does, whatever the order and duplicates', () => {
    // Stripe may deliver each event more than once and in any order: a sequence, then a shuffled redelivery of it twice over.
    const deliveries = fc
      .array(status, { maxLength: 12 })
      .chain((events) =>
        fc.tuple(fc.constant(events), fc.shuffledSubarray([...events, ...events], { minLength: events.length * 2 })),
      );
    fc.assert(
      fc.property(deliveries, ([events, redelivered]) => {
        const folded = foldStatuses(events);
        expect(foldStatuses(redelivered)).toBe(folded);
        // And it is the highest-ranked status seen (open when none).
        const highest = events.reduce<PaymentStatus>(
          (best, s) => (STATUS_RANK[s] > STATUS_RANK[best] ? s : best),
          'open',
        );
        expect(folded).toBe(highest);
      }),
    );
  });

  it('never moves a status back along the way', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 12 }), (events) => {
        let current: PaymentStatus = 'open';
        for (const event of events) {
          const next = nextStatus(current, event);
          expect(STATUS_RANK[next]).toBeGreaterThanOrEqual(STATUS_RANK[current]);
          if (next !== current) expect(isForwardMove(current, next)).toBe(true);
          current = next;
        }
      }),
    );
  });
});

describe("what a Checkout session's state means", () => {
  it.each([
    ['complete', 'paid', 'succeeded'],
    ['expired', 'unpaid', 'expired'],
    ['complete', 'unpaid', 'pending'], // an asynchronous method still working: money on its way
    ['open', 'unpaid', undefined],
  ] as const)('%s + %s → %s', (sessionStatus, paymentStatus, expected) => {
    expect(statusOfSession({ status: sessionStatus, payment_status: paymentStatus })).toBe(expected);
  });
});
