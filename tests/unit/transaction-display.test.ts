import { describe, expect, it } from 'vitest';
import {
  disputeNeedsResponse,
  disputeReasonText,
  disputeStatusText,
  refundStatusText,
} from '@web/features/transactions/transaction-display';

describe('refunds and disputes in plain words (docs/decisions.md #19)', () => {
  it.each([
    ['succeeded', null, 'Refunded'],
    ['pending', null, 'Pending'],
    ['requires_action', null, 'Pending'],
    ['canceled', null, 'Cancelled'],
    ['failed', 'expired_or_canceled_card', 'Failed: the card has expired or was cancelled'],
    ['failed', 'a_reason_stripe_adds_later', 'Failed: A reason stripe adds later'],
    ['failed', null, 'Failed'],
  ])('a %s refund (%s) reads %j', (status, failureReason, text) => {
    expect(refundStatusText({ status, failureReason })).toBe(text);
  });

  it('names dispute statuses and reasons, and an unknown code still reads as words', () => {
    expect(disputeStatusText('needs_response')).toBe('Needs your response');
    expect(disputeStatusText('lost')).toBe('Lost');
    expect(disputeStatusText('something_new')).toBe('Something new');
    expect(disputeReasonText('product_not_received')).toBe('Product not received');
    expect(disputeReasonText('fraudulent')).toBe('Fraudulent');
  });

  it('asks for a response only while Stripe waits for the merchant', () => {
    expect(
      ['needs_response', 'warning_needs_response', 'under_review', 'won', 'lost'].map(disputeNeedsResponse),
    ).toEqual([true, true, false, false, false]);
  });
});
