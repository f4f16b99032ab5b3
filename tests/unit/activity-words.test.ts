/**
 * The activity list's words and its CSV (docs/decisions.md #195): every kind has its sentence, the CSV is
 * RFC 4180 with the transactions CSV's guards (a name or title a spreadsheet would run is made inert).
 */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_HEADER, activityCsv, activitySentence } from '@shared/activity-words';
import { ACTIVITY_KINDS, type ActivityEntry } from '@shared/contracts/activity';
import { parseCsv } from '../support/csv';

function entry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    activityId: 'act_1',
    at: '2026-12-05T20:14:00.000Z',
    personId: 'person-1',
    personName: 'Aroha Ngata',
    kind: 'link.created',
    subject: 'Flat white',
    amountCents: null,
    detail: null,
    ...overrides,
  };
}

describe('activity words', () => {
  it('says each kind of change after the person, with what it was done to', () => {
    expect(activitySentence(entry())).toBe("Aroha Ngata created the link 'Flat white'");
    expect(activitySentence(entry({ kind: 'refund.made', amountCents: 500 }))).toBe(
      "Aroha Ngata refunded $5.00 of the payment for 'Flat white'",
    );
    expect(activitySentence(entry({ kind: 'request.sent', amountCents: 2000, detail: null }))).toBe(
      "Aroha Ngata sent a payment request 'Flat white' for $20.00",
    );
    expect(activitySentence(entry({ kind: 'team.role_changed', subject: 'Mere', detail: 'Manager' }))).toBe(
      "Aroha Ngata changed Mere's role to Manager",
    );
    for (const kind of ACTIVITY_KINDS) {
      expect(activitySentence(entry({ kind })), kind).toMatch(/^Aroha Ngata [a-z]+ \S/);
    }
  });

  it('writes the CSV with the header, dates on the business clock, amounts in dollars, and formulas made inert', () => {
    const text = activityCsv(
      [entry({ kind: 'refund.made', amountCents: 1005 }), entry({ personName: '=HYPERLINK("x")', subject: 'A, "b"' })],
      'Pacific/Auckland',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...ACTIVITY_CSV_HEADER]);
    expect(rows[1]).toEqual([
      '06/12/2026 09:14',
      'Aroha Ngata',
      "Aroha Ngata refunded $10.05 of the payment for 'Flat white'",
      'refund.made',
      '10.05',
    ]);
    expect(rows[2]!.slice(1, 3)).toEqual([`'=HYPERLINK("x")`, `'=HYPERLINK("x") created the link 'A, "b"'`]);
  });
});
