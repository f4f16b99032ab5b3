import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMOUNT_WORDS } from '@shared/amount-words';
import { TRANSACTIONS_CSV_HEADER } from '@shared/transactions-csv';

// One word per amount (docs/decisions.md #100): the names the same money used to go by on some screens
// must not come back in any of the code a person reads words from.
const ROOT = path.resolve(import.meta.dirname, '../..');
const SEARCHED = ['web/src', 'functions', 'shared', 'infra/local'];
const RETIRED = [
  'Total paid',
  'Tip included',
  'Pay any amount',
  'Customer enters',
  'You enter the amount',
  'Total Revenue',
  "'None'",
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the words for amounts', () => {
  it.each(RETIRED)('no screen, email, receipt or CSV says %s', (retired) => {
    const saying = SEARCHED.flatMap(sourceFiles)
      .filter((file) => readFileSync(file, 'utf8').includes(retired))
      .map((file) => path.relative(ROOT, file));
    expect(saying).toEqual([]);
  });

  it('names a single figure and the tip in it', () => {
    expect(AMOUNT_WORDS.totalWithTip('$6.05', '$0.55')).toBe('$6.05 total (incl. $0.55 tip)');
    expect(AMOUNT_WORDS.totalWithTip('$5.50', null)).toBe('$5.50 total');
    expect(AMOUNT_WORDS.labelled(AMOUNT_WORDS.amount, '$5.50')).toBe('Amount: $5.50');
    expect(AMOUNT_WORDS.tipPercent(10)).toBe('Tip: 10%');
  });

  it("the CSV's columns are the screens' words", () => {
    expect(TRANSACTIONS_CSV_HEADER).toEqual(
      expect.arrayContaining([AMOUNT_WORDS.amount, AMOUNT_WORDS.tip, AMOUNT_WORDS.total]),
    );
  });
});
