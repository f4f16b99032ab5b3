/**
 * What the public routes keyed by a Checkout session id may say about the payer. The id travels in the
 * success page's URL (history, screenshots, forwarded links), so it proves nothing about who holds it: the
 * answer lets the payer recognise themselves and no more (docs/decisions.md #69).
 */

/** `rawiri.payer@example.co.nz` → `r•••@example.co.nz`: the first character and the domain. */
export function maskedEmail(email: string | null | undefined): string | null {
  const address = email?.trim();
  if (!address) return null;
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address.charAt(0)}•••${address.slice(at)}`;
}

/** `Rawiri Payer` → `Rawiri P.`: the first name and the last name's initial. */
export function shortName(name: string | null | undefined): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const [first, ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first!;
}

/** The same address, as a person would type it again: case and surrounding spaces do not count. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
