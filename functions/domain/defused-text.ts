/**
 * Words a merchant typed, in an email to someone who never asked for it (a payment request, a team
 * invitation): they may read like a notice from a bank, but they cannot hand the reader a link
 * (docs/decisions.md #174, #240, #270).
 */
/** Invisible and direction-changing characters, which can hide a URL's real shape from the reader. */
const INVISIBLE =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|\udb40[\udc00-\udc7f]/g;
/** Dots a mail app may read as a dot in a host name (ideographic and full-width full stops). */
const DOT_LOOKALIKES = /[\u3002\uff0e\uff61]/g;
/** `scheme://` (any scheme): what makes a mail app's link most surely. */
const SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/+/gi;
/** Host-like words (`evil.example.com`, `www.x.co.nz`, IDN too) and dotted IPv4 addresses. */
const HOST_LIKE =
  /(?<![\p{L}\p{N}-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|\p{N}{1,3})(?![\p{L}\p{N}])/gu;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The merchant's words as text a mail app will not turn into a link (docs/decisions.md #174): one line (line
 * breaks were how a fake notice was laid out), no invisible characters, no `scheme://`, and every host name's
 * dots written `[.]` — `https://evil.example.com/login` reads `evil[.]example[.]com/login`. A reader can
 * still see what was written; nobody can click it.
 */
export function defusedText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(DOT_LOOKALIKES, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(SCHEME, '')
    .replace(HOST_LIKE, (host) => (/\.\p{L}{2,}$/u.test(host) || IPV4.test(host) ? host.replaceAll('.', '[.]') : host));
}
