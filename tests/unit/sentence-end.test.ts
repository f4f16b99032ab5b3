/** A sentence that ends on a typed name ends with one stop (shared/sentence-end.ts). */
import { describe, expect, it } from 'vitest';
import { endOfSentence } from '@shared/sentence-end';

describe('endOfSentence', () => {
  it("lets a name's own stop, question or exclamation mark end the sentence", () => {
    expect(endOfSentence('Harbour Coffee Co.')).toBe('Harbour Coffee Co.');
    expect(endOfSentence('Yahoo!')).toBe('Yahoo!');
    expect(endOfSentence('Why Not?')).toBe('Why Not?');
    expect(endOfSentence('Wait for it…')).toBe('Wait for it…');
  });

  it('adds a full stop to any other ending', () => {
    expect(endOfSentence('Kōwhai Café')).toBe('Kōwhai Café.');
    expect(endOfSentence('Acme (NZ) Ltd.)')).toBe('Acme (NZ) Ltd.).');
    expect(endOfSentence('kiwibank-login[.]co[.]nz')).toBe('kiwibank-login[.]co[.]nz.');
  });
});
