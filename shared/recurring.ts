/**
 * A recurring link's schedule (issue 45, docs/decisions.md #154): how often it repeats, for how many payments,
 * what Stripe's price calls that, and the words the payer, the receipt and the merchant read. No schema library:
 * the payer's bundle and the page function import it.
 */
import { formatMoney } from './money';

/** How often a recurring link charges. A fortnight is Stripe's week with an interval count of 2. */
export const REPEAT_EVERY = ['week', 'fortnight', 'month', 'year'] as const;
export type RepeatEvery = (typeof REPEAT_EVERY)[number];

/** The most payments "for N payments" may ask for: a weekly class for a school year and more. */
export const MAX_REPEAT_PAYMENTS = 520;

/** A recurring link's schedule: `payments` null = until cancelled. */
export interface RepeatSchedule {
  every: RepeatEvery;
  payments: number | null;
}

/** Create Link's "Repeat" choices, in the order it offers them. */
export const REPEAT_LABELS: Record<RepeatEvery, string> = {
  week: 'Weekly',
  fortnight: 'Fortnightly',
  month: 'Monthly',
  year: 'Yearly',
};

/** Stripe's `recurring` of the subscription's price for each schedule (Stripe Prices: `interval`, `interval_count`). */
export function stripeRecurringOf(every: RepeatEvery): { interval: 'week' | 'month' | 'year'; interval_count: number } {
  if (every === 'fortnight') return { interval: 'week', interval_count: 2 };
  return { interval: every, interval_count: 1 };
}

/** "NZD $25.00 every week" — what the payer page, Checkout's line and the receipt say the payer pays. */
export function repeatPriceWords(cents: number, currency: string, schedule: RepeatSchedule): string {
  const price = `${currency.toUpperCase()} ${formatMoney(cents, currency)} every ${schedule.every}`;
  return schedule.payments === null ? price : `${price} for ${schedule.payments} payments`;
}

/**
 * What the payer agrees to, shown under the price before they pay. Tips do not repeat (#154): a tip chosen on
 * the page is added to the first payment only, and the page says so whenever the link offers one.
 */
export function repeatAgreementWords(
  cents: number,
  currency: string,
  schedule: RepeatSchedule,
  options: { offersTip: boolean },
): string {
  const until =
    schedule.payments === null ? 'until you cancel' : `for ${schedule.payments} payments, then it stops by itself`;
  const tip = options.offersTip ? ' A tip is added to the first payment only.' : '';
  return (
    `You agree to pay ${formatMoney(cents, currency)} every ${schedule.every} ${until}, starting today. ` +
    `Every receipt has a link to cancel or change your card.${tip}`
  );
}

/**
 * Which of a subscription's payments one is (docs/decisions.md #267): the one that started it (the Checkout's,
 * the first invoice's) or a later period's renewal.
 */
export const SUBSCRIPTION_PAYMENT_KINDS = ['first', 'renewal'] as const;
export type SubscriptionPaymentKind = (typeof SUBSCRIPTION_PAYMENT_KINDS)[number];

/** The words for each kind, as Transactions and its CSV say them. */
export const SUBSCRIPTION_PAYMENT_WORDS: Record<SubscriptionPaymentKind, string> = {
  first: 'First payment',
  renewal: 'Renewal',
};

/**
 * A recorded payment's kind, or null for a one-off payment. Every payment of a recurring link carries its terms;
 * only a renewal names its own invoice, since the first is the Checkout's payment (docs/decisions.md #156).
 */
export function subscriptionPaymentKindOf(payment: {
  recurringTerms?: string | null;
  invoiceId?: string | null;
}): SubscriptionPaymentKind | null {
  if (!payment.recurringTerms) return null;
  return payment.invoiceId ? 'renewal' : 'first';
}
