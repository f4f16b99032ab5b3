/**
 * The pieces of a payer's email a merchant's typing reaches (docs/decisions.md #173, #174): the From display
 * name and Reply-To cannot add a header or a recipient, a non-ASCII name is RFC 2047 encoded-words SES accepts,
 * a phone reads `+64 …`, and a request's note cannot carry a host name a mail app would link.
 */
import { describe, expect, it } from 'vitest';
import { fromHeader } from '@functions/adapters/mailer';
import { displayPhone, safeDisplayName, safeReplyTo } from '@functions/domain/business-voice';
import { defusedText } from '@functions/domain/defused-text';

const decoded = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]+)\?=/g, (_, data: string) => Buffer.from(data, 'base64').toString('utf8'));

describe('the display name and reply-to', () => {
  it('turns line breaks, quotes, angle brackets and invisible characters into single spaces', () => {
    expect(safeDisplayName('Evil "Cafe"\r\nBcc: a@b.c\u202e<x>\u200b')).toBe('Evil Cafe Bcc: a@b.c x');
    expect(safeDisplayName(' \r\n ')).toBeNull();
    expect([...safeDisplayName('é'.repeat(200))!]).toHaveLength(64);
  });

  it('keeps one plain address as Reply-To and leaves anything else out', () => {
    expect(safeReplyTo('cafe@example.co.nz')).toBe('cafe@example.co.nz');
    for (const bad of ['a@b.co, c@d.co', 'a@b.co\r\nBcc: c@d.co', 'Name <a@b.co>', 'no-at-sign', '']) {
      expect(safeReplyTo(bad)).toBeNull();
    }
  });

  it('writes an ASCII name quoted, and any other as encoded-words of at most 75 characters', () => {
    expect(fromHeader('Aroha Plumbing', 'no-reply@paylink.example')).toBe(
      '"Aroha Plumbing" <no-reply@paylink.example>',
    );
    const long = 'Kōwhai Café — the long-named bakery of Aotearoa';
    const header = fromHeader(long, 'no-reply@paylink.example');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header.endsWith(' <no-reply@paylink.example>')).toBe(true);
    for (const word of header.split(' <')[0]!.split(' ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decoded(header.split(' <')[0]!)).toBe(long);
  });

  it('shows a New Zealand phone with its country code and without the trunk 0', () => {
    expect(displayPhone('+64', '021 555 0199')).toBe('021 555 0199');
    expect(displayPhone('+64', '21 555 0199')).toBe('021 555 0199');
    expect(displayPhone(undefined, '09 123 4567')).toBe('09 123 4567');
    expect(displayPhone('+64', '')).toBeNull();
  });
});

describe("a request's note", () => {
  it('loses every scheme and writes host names with [.], on one line', () => {
    expect(defusedText('Verify now at https://evil.example.com/login\nor www.evil.co.nz')).toBe(
      'Verify now at evil[.]example[.]com/login or www[.]evil[.]co[.]nz',
    );
    expect(defusedText('pay me at a@evil.com or http://10.0.0.1/x')).toBe('pay me at a@evil[.]com or 10[.]0[.]0[.]1/x');
    expect(defusedText('evil\u200b.com and evil\uff0ecom')).toBe('evil[.]com and evil[.]com');
    expect(defusedText('ｈｔｔｐｓ://xn--pple-43d.com')).not.toMatch(/\.com/);
  });

  it('leaves ordinary words and money alone', () => {
    expect(defusedText('Thanks for Tuesday — invoice 1042, $120.00 incl. GST.')).toBe(
      'Thanks for Tuesday — invoice 1042, $120.00 incl. GST.',
    );
  });
});
