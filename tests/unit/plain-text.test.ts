/** Hidden characters in what people type: refused in forms, cleaned from text Paylink did not take from one. */
import { describe, expect, it } from 'vitest';
import { createPaymentLinkSchema } from '@shared/contracts/payment-links';
import { merchantProfileUpdateSchema } from '@shared/contracts/merchant';
import { HIDDEN_CHARACTERS_MESSAGE, isPlainText, withoutHiddenControls } from '@shared/plain-text';

/** Issue 48 door 9: characters that draw nothing, taken out wherever text enters. */
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u{E0000}', '\u{E0041}', '\u{E007F}'];

const HIDDEN = [
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u200F',
  '\u061C',
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
];

describe('plain text', () => {
  it.each(HIDDEN.map((c) => [c.codePointAt(0)!.toString(16), c]))('refuses U+%s', (_, character) => {
    expect(isPlainText(`invoice${character}fdp.exe`)).toBe(false);
    expect(isPlainText(`invoice${character}fdp.exe`, { multiline: true })).toBe(false);
  });

  it('allows line breaks only in multi-line text, and every visible script', () => {
    expect(isPlainText('Flat white\nlarge')).toBe(false);
    expect(isPlainText('Flat white\r\nlarge', { multiline: true })).toBe(true);
    expect(isPlainText('Kōwhai café — مرحبا — 你好 — 👩‍🍳')).toBe(true);
  });

  it('cleans text from elsewhere instead of refusing it', () => {
    expect(withoutHiddenControls('Ana\u202E gnilrets\u0000\r\nSmith')).toBe('Ana gnilrets Smith');
    expect(withoutHiddenControls(null)).toBeNull();
  });

  it("refuses them in a link's title and description and a profile's names, in words", () => {
    const link = createPaymentLinkSchema.safeParse({
      title: 'Deposit\u202Etxt.exe',
      description: 'ok\u0000',
      isOpenAmount: true,
    });
    expect(link.success).toBe(false);
    expect(link.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', HIDDEN_CHARACTERS_MESSAGE],
      ['description', HIDDEN_CHARACTERS_MESSAGE],
    ]);
    const profile = merchantProfileUpdateSchema.safeParse({ fullName: 'Ana\r\nBcc: x@example.com' });
    expect(profile.error?.issues[0]?.message).toBe(HIDDEN_CHARACTERS_MESSAGE);
    expect(merchantProfileUpdateSchema.parse({ fullName: '  Ana Smith ', companyName: ' Kōwhai Café ' })).toEqual({
      fullName: 'Ana Smith',
      companyName: 'Kōwhai Café',
    });
  });

  it.each(INVISIBLE.map((c) => [c.codePointAt(0)!.toString(16), c]))(
    'takes U+%s out, in forms and from elsewhere',
    (_, character) => {
      expect(withoutHiddenControls(`Ana${character} Smith${character}`)).toBe('Ana Smith');
      const link = createPaymentLinkSchema.parse({ title: ` ${character}Flat${character} white `, isOpenAmount: true });
      expect(link.title).toBe('Flat white');
      expect(merchantProfileUpdateSchema.parse({ fullName: `Ana${character}` }).fullName).toBe('Ana');
    },
  );

  it('keeps a zero-width joiner that makes one emoji of two', () => {
    expect(withoutHiddenControls('Chef 👩‍🍳 and 🏳️‍🌈')).toBe('Chef 👩‍🍳 and 🏳️‍🌈');
    expect(withoutHiddenControls('a\u200Db 👩\u200D')).toBe('ab 👩');
  });
});
