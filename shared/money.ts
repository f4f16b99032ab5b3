/**
 * Money maths, shared by the server (which decides every amount) and the browser (which shows the same
 * numbers before the payer pays). Everything is integer minor units (cents): no floats touch money.
 */

import { numberFormat } from './intl-formats';

/** Stripe's minimum charge in NZD: NZ$0.50 (docs/decisions.md #10). */
export const PAYMENT_MIN_CENTS = 50;
/** The most one payment may be: NZ$100,000 (docs/decisions.md #10). */
export const PAYMENT_MAX_CENTS = 10_000_000;
/** Tips are a whole percentage of the base amount, 0 to 50. */
export const MAX_TIP_PERCENT = 50;

/** `basisPoints` (1/100 of a percent) of `cents`, rounded to the cent half-up. */
export function shareOfCents(cents: number, basisPoints: number): number {
  // Integer arithmetic: cents × basis points is exact far beyond NZ$100,000 × 10,000.
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** The tip on `baseCents` at `tipPercent` %, rounded to the cent half-up (docs/decisions.md #10). */
export function tipCents(baseCents: number, tipPercent: number): number {
  return shareOfCents(baseCents, tipPercent * 100);
}

export type TipChoice = 'none' | 'percent';

export interface PaymentAmounts {
  baseCents: number;
  tipCents: number;
  totalCents: number;
}

/** Base + tip for a link's tip percentage and the payer's choice ('No Tip' or the link's percentage). */
export function paymentAmounts(baseCents: number, linkTipPercent: number | null, choice: TipChoice): PaymentAmounts {
  const tip = choice === 'percent' && linkTipPercent ? tipCents(baseCents, linkTipPercent) : 0;
  return { baseCents, tipCents: tip, totalCents: baseCents + tip };
}

/**
 * Dollars typed by a person ("12", "12.5", "12.50", "1,250.00") as cents, or null when the text is not
 * an amount. Parsed as text, not as a float, so "0.29" is 29 cents and never 28.999….
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const dollars = Number(match[1] || '0');
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** Cents as the plain number a money input shows ("12.50"), with no currency symbol. */
export function centsToInputText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents as money text in en-NZ ("$12.50" for NZD); the one place, browser and emails alike, money becomes words. */
export function formatMoney(minorUnits: number, currency: string, options: { wholeUnits?: boolean } = {}): string {
  const fractionDigits = options.wholeUnits && minorUnits % 100 === 0 ? 0 : 2;
  return numberFormat('en-NZ', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(minorUnits / 100);
}

/**
 * The part of Paylink's fee (`feeCents`) given back when `refundedCents` of a `totalCents` payment have been
 * refunded: `fee × refunded / total`, to the nearest cent (half up), and the whole fee on a full refund. Stripe
 * gives back an application fee "in an amount proportional to the amount of the charge refunded"; it does not
 * say how it rounds, so a payout's own `fee_refund` line is Stripe's figure and this can differ by a cent.
 */
export function paylinkFeeReturned(feeCents: number, refundedCents: number, totalCents: number): number {
  if (totalCents <= 0) return 0;
  const part = Math.min(Math.max(refundedCents, 0), totalCents);
  return Math.floor((2 * feeCents * part + totalCents) / (2 * totalCents));
}

/** What a payment's money came to, for the merchant: the fee figures Transactions and its CSV show. */
export interface MoneyKept {
  /** The part of Paylink's fee Stripe gave back with the refunds so far. */
  paylinkFeeReturnedCents: number;
  /** What the merchant keeps; null until Stripe's fee is known. */
  netCents: number | null;
}

/**
 * Net = Total − Stripe's fee − Paylink's fee − Refunded + the part of Paylink's fee given back
 * (docs/decisions.md #269): Paylink refunds with `refund_application_fee`, so Stripe returns that part to the
 * merchant's balance and the payout carries it as its own line; Stripe's own fee is not given back. Only for a
 * payment that took money.
 */
export function moneyKeptOf(payment: {
  status: string;
  totalCents: number;
  refundedCents: number;
  stripeFeeCents?: number | null;
  productFeeCents?: number;
}): MoneyKept | null {
  if (payment.status !== 'succeeded') return null;
  const stripeFee = payment.stripeFeeCents ?? null;
  const productFee = payment.productFeeCents ?? 0;
  const returned = paylinkFeeReturned(productFee, payment.refundedCents, payment.totalCents);
  return {
    paylinkFeeReturnedCents: returned,
    netCents:
      stripeFee === null ? null : payment.totalCents - stripeFee - productFee - payment.refundedCents + returned,
  };
}
