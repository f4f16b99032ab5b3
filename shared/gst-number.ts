/**
 * The New Zealand GST number, which is the business's IRD number, checked with Inland Revenue's mod-11
 * algorithm. Shared so the Settings → Tax form refuses a mistyped number before the server does, in the
 * same words.
 */

const PRIMARY_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const SECONDARY_WEIGHTS = [7, 4, 3, 2, 5, 2, 7, 6] as const;
/**
 * No upper limit (docs/decisions.md #122): Inland Revenue issues numbers up to 150-000-000 now and
 * expects to pass it within ten years; a nine-digit number above it with a valid check digit is accepted.
 */
const LOWEST = 10_000_000;

export type GstNumberProblem = 'empty' | 'format' | 'range' | 'check-digit';

export const GST_NUMBER_MESSAGES: Record<GstNumberProblem, string> = {
  empty: 'Enter your GST number.',
  format: 'A GST number has 8 or 9 digits, like 49-091-850 or 123-456-789.',
  range: 'That is not a GST number: it must be 10-000-000 or more.',
  'check-digit': 'That GST number’s last digit does not match the others. Check it against your IRD letter.',
};

/** The digits of a number typed with or without dashes or spaces, or null when anything else is in it. */
export function gstNumberDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{8,9}$/.test(digits) ? digits : null;
}

/** The check digit the first eight digits (padded to eight) call for with these weights; 10 means "none". */
function checkDigitFor(base: string, weights: readonly number[]): number {
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  const remainder = sum % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/** Why `text` is not a valid GST number, or null when it is one. */
export function gstNumberProblem(text: string): GstNumberProblem | null {
  if (text.trim() === '') return 'empty';
  const digits = gstNumberDigits(text);
  if (!digits) return 'format';
  const value = Number(digits);
  if (value < LOWEST) return 'range';
  const padded = digits.padStart(9, '0');
  const base = padded.slice(0, 8);
  const given = Number(padded.slice(8));
  let expected = checkDigitFor(base, PRIMARY_WEIGHTS);
  // Inland Revenue's rule: a check of 10 is tried again with the second weights; 10 again means invalid.
  if (expected === 10) expected = checkDigitFor(base, SECONDARY_WEIGHTS);
  if (expected === 10 || expected !== given) return 'check-digit';
  return null;
}

export function isValidGstNumber(text: string): boolean {
  return gstNumberProblem(text) === null;
}

/** Digits as Inland Revenue prints them: NN-NNN-NNN or NNN-NNN-NNN. */
export function formatGstNumber(digits: string): string {
  return `${digits.slice(0, -6)}-${digits.slice(-6, -3)}-${digits.slice(-3)}`;
}
