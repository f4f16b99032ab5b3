/** How Manage Links, the new link's dialog and the QR tab name a recurring link's schedule (docs/decisions.md #191). */
import { describe, expect, it } from 'vitest';
import { linkRepeatText } from '@web/features/payment-links/payment-link-display';

describe("a recurring link's badge", () => {
  it('says how often and until when', () => {
    expect(linkRepeatText({ repeat: { every: 'week', payments: null } })).toBe('Every week · until cancelled');
    expect(linkRepeatText({ repeat: { every: 'month', payments: null } })).toBe('Every month · until cancelled');
    expect(linkRepeatText({ repeat: { every: 'week', payments: 10 } })).toBe('10 weekly payments');
    expect(linkRepeatText({ repeat: { every: 'fortnight', payments: 6 } })).toBe('6 fortnightly payments');
    expect(linkRepeatText({ repeat: { every: 'year', payments: 3 } })).toBe('3 yearly payments');
  });

  it('is not there on a one-off link', () => {
    expect(linkRepeatText({ repeat: null })).toBeNull();
  });
});
