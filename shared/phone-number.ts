/**
 * A phone number as a person reads it. Stripe's Checkout gives the payer's phone in E.164 (`+64219876543`),
 * which nobody in New Zealand writes: a New Zealand number is shown the way it is dialled at home
 * (`021 987 6543`, `09 123 4567`, `0800 123 456`), grouped as the Telecommunications Numbering Plan groups
 * its prefixes. Another country's number is left in E.164: where its code ends and how its digits group differ
 * by country, and a wrong grouping is worse than none. Grouped with spaces, a New Zealand number also reads as text in a spreadsheet, so the
 * transactions CSV needs no formula guard (an apostrophe) in front of it.
 */
const NEW_ZEALAND = '64';
/** Prefixes dialled with three digits after the 0: freephone 0800 and 0508, premium 0900. */
const THREE_DIGIT_PREFIXES = ['800', '508', '900'];

export function phoneForReading(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  if (!/^\+\d{6,15}$/.test(digits)) return phone; // Not E.164: shown as the payer typed it.
  if (!digits.startsWith(`+${NEW_ZEALAND}`)) return digits;
  const national = digits.slice(1 + NEW_ZEALAND.length);
  // Mobiles (02x) carry a two-digit prefix; freephone and premium three; landlines one (09 for Auckland).
  const prefixLength = national.startsWith('2')
    ? 2
    : THREE_DIGIT_PREFIXES.some((prefix) => national.startsWith(prefix))
      ? 3
      : 1;
  const prefix = national.slice(0, prefixLength);
  const rest = national.slice(prefixLength);
  // The subscriber's number: 3 then the rest (987 6543, 123 456).
  return `0${prefix} ${rest.slice(0, 3)} ${rest.slice(3)}`.trim();
}
