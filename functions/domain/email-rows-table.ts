/**
 * An email's label/value lines (a receipt's amounts, id, date and answers) as a table that reads on a 390 px
 * phone. Both cells wrap between words only: a long label (an item's title, a question) takes lines of its own
 * rather than pushing the table past the phone's width, and a value is cut inside a word only when that word
 * alone is wider than its cell (`break-word`, unlike `anywhere`, leaves each word's width as the least its
 * column needs, so a label cannot squeeze the values to a few letters a line). A short one-word value (a
 * payment's id, a GST number) is not even broken at its hyphens.
 */
import { escapeHtml } from '@shared/escape-html';

/** A value of one word short enough to sit whole beside its label on a phone (a payment id is 20 characters). */
const SHORT_WORD_MAX = 24;
const isShortWord = (value: string) => value.length <= SHORT_WORD_MAX && !/\s/.test(value);

export function rowsTable(rows: readonly [string, string][]): string {
  const cells = rows.map(
    ([label, value]) =>
      `<tr><td style="padding:6px 12px 6px 0;color:#6b7280;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;font-weight:600;vertical-align:top;${isShortWord(value) ? 'white-space:nowrap' : 'word-wrap:break-word;overflow-wrap:break-word'}">${escapeHtml(value)}</td></tr>`,
  );
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${cells.join('')}</table>`;
}
