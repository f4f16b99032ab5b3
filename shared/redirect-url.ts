/**
 * A merchant's after-payment redirect, read as the payer's browser will read it (docs/decisions.md
 * #134). The text is parsed by the WHATWG URL parser (`new URL`, what browsers run) and the parsed
 * host is what is checked and kept: `https://evil.com\@good.co.nz` is `https://evil.com/@good.co.nz` to a
 * browser, so the merchant is shown — and the payer sent to — the same address. Refused: anything the parser
 * silently drops or a reader cannot see (control, bidi and zero-width characters, backslashes), IP literals
 * in any spelling, local and reserved names (`localhost.`, `.internal`…), a trailing dot, and hosts with
 * letters outside a–z with accents and macrons (look-alikes such as a Cyrillic `р` in `рaypal.com`), whether
 * typed in Unicode or as punycode.
 */

export const REDIRECT_URL_MESSAGE = 'Enter a web address that starts with https://, e.g. https://example.co.nz/thanks.';
export const REDIRECT_HIDDEN_MESSAGE =
  'Remove the backslashes, spaces or hidden characters from the address (if you pasted it, type it instead).';
export const REDIRECT_USER_PART_MESSAGE =
  'Remove the part before "@": a browser opens the site after it, not the one it seems to name.';
export const REDIRECT_HOST_MESSAGE =
  "Use your website's own name (e.g. https://example.co.nz/thanks), not an IP address or a local name.";
export const REDIRECT_LETTERS_MESSAGE =
  'Use a web address whose name has only the letters a–z (accents and macrons are fine), digits and hyphens.';

/** Characters a browser drops or rewrites, or a reader cannot see: never part of an address as typed. */
const UNREADABLE = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u;
/** Top-level names that never reach the public internet (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal). */
const RESERVED_TOP_LEVEL = new Set(['localhost', 'local', 'internal', 'arpa', 'test', 'invalid', 'onion', 'lan']);
/** One label as a person may type it: a–z, digits, hyphens, and Latin letters with accents or macrons. */
const READABLE_LABEL = /^[a-z0-9\-\u00DF-\u00F6\u00F8-\u00FF\u0100-\u0130\u0132-\u0137\u0139-\u017F]+$/u;

export type RedirectUrlCheck = { ok: true; href: string } | { ok: false; message: string };

/** The address a browser will open, or the words that refuse it. */
export function checkRedirectUrl(typed: string): RedirectUrlCheck {
  if (UNREADABLE.test(typed)) return { ok: false, message: REDIRECT_HIDDEN_MESSAGE };
  if (!URL.canParse(typed)) return { ok: false, message: REDIRECT_URL_MESSAGE };
  const url = new URL(typed);
  if (url.protocol !== 'https:') return { ok: false, message: REDIRECT_URL_MESSAGE };
  if (url.username || url.password) return { ok: false, message: REDIRECT_USER_PART_MESSAGE };
  const labels = url.hostname.split('.');
  const topLevel = labels.at(-1) ?? '';
  const isLocal =
    labels.length < 2 || labels.some((label) => label === '') || RESERVED_TOP_LEVEL.has(topLevel.toLowerCase());
  // The parser writes every IPv4 spelling (0x7f.1, 2130706433) as dotted decimal, and IPv6 in brackets;
  // a name whose last label is a number is an IP address to it too.
  const isIpLiteral = url.hostname.startsWith('[') || /^\d+$/.test(topLevel);
  if (isLocal || isIpLiteral) return { ok: false, message: REDIRECT_HOST_MESSAGE };
  const readable = labels.every((label) => {
    const letters = label.startsWith('xn--') ? decodePunycode(label.slice(4)) : label;
    return letters !== null && READABLE_LABEL.test(letters);
  });
  return readable ? { ok: true, href: url.href } : { ok: false, message: REDIRECT_LETTERS_MESSAGE };
}

/** RFC 3492's decoder: a punycode label's Unicode letters, or null when it is not valid punycode. */
export function decodePunycode(encoded: string): string | null {
  const BASE = 36;
  const T_MIN = 1;
  const T_MAX = 26;
  const codePoints: number[] = [];
  const basicEnd = Math.max(encoded.lastIndexOf('-'), 0);
  for (let index = 0; index < basicEnd; index++) {
    const code = encoded.charCodeAt(index);
    if (code >= 0x80) return null;
    codePoints.push(code);
  }
  let codePoint = 128;
  let bias = 72;
  let position = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < encoded.length;) {
    const before = position;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= encoded.length) return null;
      const digit = punycodeDigit(encoded.charCodeAt(index++));
      if (digit < 0) return null;
      position += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
      if (position > 0x7fffffff || weight > 0x7fffffff) return null;
    }
    const length = codePoints.length + 1;
    bias = adaptBias(position - before, length, before === 0);
    codePoint += Math.floor(position / length);
    position %= length;
    if (codePoint > 0x10ffff) return null;
    codePoints.splice(position, 0, codePoint);
    position++;
  }
  return String.fromCodePoint(...codePoints);
}

function punycodeDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 22;
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 97;
  return -1;
}

function adaptBias(delta: number, length: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / 700) : delta >> 1;
  scaled += Math.floor(scaled / length);
  let k = 0;
  while (scaled > 455) {
    scaled = Math.floor(scaled / 35);
    k += 36;
  }
  return Math.floor(k + (36 * scaled) / (scaled + 38));
}
