import { describe, expect, it } from 'vitest';
import { eventPatternOf, matchesEventPattern } from '@infra/local/event-pattern';

const rule = { source: 'paylink.payments', detailTypes: ['Payment Updated', 'Payment Refunded'] };

describe('event patterns (the local bus matches as EventBridge does)', () => {
  it('a catalogue rule becomes source + detail-type lists', () => {
    expect(eventPatternOf(rule)).toEqual({
      source: ['paylink.payments'],
      'detail-type': ['Payment Updated', 'Payment Refunded'],
    });
  });

  it('matches when every field has one of its values', () => {
    const pattern = eventPatternOf(rule);
    expect(matchesEventPattern(pattern, { source: 'paylink.payments', 'detail-type': 'Payment Refunded' })).toBe(true);
    expect(matchesEventPattern(pattern, { source: 'paylink.payments', 'detail-type': 'Other' })).toBe(false);
    expect(matchesEventPattern(pattern, { source: 'other', 'detail-type': 'Payment Updated' })).toBe(false);
    expect(matchesEventPattern(pattern, { 'detail-type': 'Payment Updated' })).toBe(false);
  });

  it('matches nested fields, and arrays by any element', () => {
    const pattern = { detail: { status: ['succeeded'] }, resources: ['arn:a'] };
    expect(matchesEventPattern(pattern, { detail: { status: 'succeeded' }, resources: ['arn:b', 'arn:a'] })).toBe(true);
    expect(matchesEventPattern(pattern, { detail: { status: 'failed' }, resources: ['arn:a'] })).toBe(false);
    expect(matchesEventPattern(pattern, { detail: 'succeeded', resources: ['arn:a'] })).toBe(false);
  });
});
