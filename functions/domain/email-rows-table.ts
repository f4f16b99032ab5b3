/**
 * An email's label/value lines (a receipt's amounts, id, date and answers) as a table that reads on a 390 px
 * phone. Both cells wrap between words only: a long label (an item's title, a question) takes lines of its own
 * rather than pushing the table past the phone's width, and a value is cut inside a word only when that word
 * alone is wider than its cell (`break-word`, unlike `anywhere`, leaves each word's width as the least its
 * column needs, so a label cannot squeeze the values to a few letters a line). A short one-word value (a GST
 * number) is not even broken at its hyphens.
 */
import { escapeHtml } from '@shared/escape-html';

/** A value of one word short enough to sit whole beside its label on a phone (a GST number, a receipt number). */
const BESIDE_MAX = 16;
/** A one-word value up to this long (a payment's id is 20 characters) is kept whole, on a line of its own. */
const WHOLE_MAX = 24;
const isOneWord = (value: string) => !/\s/.test(value);

const LABEL_STYLE = 'padding:6px 12px 6px 0;color:#6b7280;vertical-align:top';
const VALUE_STYLE = 'padding:6px 0;text-align:right;font-weight:600;vertical-align:top';
const WRAPS_BETWEEN_WORDS = 'word-wrap:break-word;overflow-wrap:break-word';

/**
 * A longer one-word value (a payment's id) goes on its own line under its label: beside it, an id of wide
 * letters (20 characters of W and M are ~280 px at 390 px, where the table has 324) squeezed the label onto
 * two lines or pushed the table past the phone's width, depending on the id's letters.
 */
export function rowsTable(rows: readonly [string, string][]): string {
  const cells = rows.map(([label, value]) => {
    if (isOneWord(value) && value.length > BESIDE_MAX) {
      const keep = value.length <= WHOLE_MAX ? 'white-space:nowrap' : WRAPS_BETWEEN_WORDS;
      return `<tr><td colspan="2" style="${LABEL_STYLE};padding-bottom:0">${escapeHtml(label)}</td></tr><tr><td colspan="2" style="${VALUE_STYLE};padding-top:2px;${keep}">${escapeHtml(value)}</td></tr>`;
    }
    const keep = isOneWord(value) ? 'white-space:nowrap' : WRAPS_BETWEEN_WORDS;
    // Half the width is the values': a date, a card or a name stays on one line beside a long label.
    return `<tr><td style="${LABEL_STYLE}">${escapeHtml(label)}</td><td style="${VALUE_STYLE};width:50%;${keep}">${escapeHtml(value)}</td></tr>`;
  });
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${cells.join('')}</table>`;
}
