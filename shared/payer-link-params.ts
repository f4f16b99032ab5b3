/**
 * What a payer's address carries, read the same way by the payer page function and the payer's own page
 * script. Zod-free on purpose: the payer's entry imports it, and a phone on a slow network should not load a
 * validation library to read its own address (the contracts in shared/contracts use these).
 */
import { PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS } from './money';

/** Payment request ids (docs/decisions.md #79): `req_` + 16 URL-safe random characters. */
export const REQUEST_ID_PATTERN = /^req_[A-Za-z0-9_-]{16}$/;

/**
 * A link id as a shared link may carry it: chat apps and emails paste a trailing space (`%20`), or take the
 * sentence's full stop, comma or closing bracket into the link. None of those can be in an id, so they are
 * dropped before the id is looked up (docs/decisions.md #67).
 */
export function normaliseLinkId(raw: string): string {
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A lone `%` is not an escape; the pattern check refuses it below.
  }
  return id.replace(/^[\s(<[{"']+/, '').replace(/[\s.,;:!?)>\]}"'`]+$/, '');
}

/**
 * An open-amount link's `?amount=` (cents), as a payment request's Pay button carries it (docs/decisions.md
 * #79): the payer page shows it filled in, server-drawn and in the script alike. Anything but a whole
 * number of cents a payment may be is no prefill.
 */
export function prefilledAmountCents(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const cents = Number(raw);
  return cents >= PAYMENT_MIN_CENTS && cents <= PAYMENT_MAX_CENTS ? cents : null;
}
