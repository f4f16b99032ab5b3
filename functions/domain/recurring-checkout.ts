/**
 * A recurring link's Checkout (issue 45, docs/decisions.md #154): subscription mode on the merchant's connected
 * account (a direct charge, as a one-off payment is), Paylink's 0.5% as the subscription's application fee on
 * every invoice, the price repeating on the link's schedule and a tip, if chosen, on the first invoice only.
 */
import { PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import type { PaymentAmounts } from '@shared/money';
import { tipLineName } from '@shared/tips';
import { repeatAgreementWords, repeatPriceWords, stripeRecurringOf, type RepeatSchedule } from '@shared/recurring';
import type { CheckoutSessionRequest } from './stripe-port';

/** PRODUCT_FEE_BASIS_POINTS as Stripe's `application_fee_percent` (0.5). */
export const RECURRING_FEE_PERCENT = PRODUCT_FEE_BASIS_POINTS / 100;

/** Metadata the subscription carries, by which its events find their link and first payment (#156). */
export interface RecurringMetadata extends Record<string, string> {
  paymentId: string;
  linkId: string;
  merchantId: string;
  /** The schedule as `every:payments` (`week:10`, `month:` until cancelled): the subscriber keeps it as paid for. */
  repeat: string;
}

export function repeatMetadataOf(schedule: RepeatSchedule): string {
  return `${schedule.every}:${schedule.payments ?? ''}`;
}

/**
 * The parts of the session request a recurring link changes: the mode, its lines and the subscription's data.
 * The caller adds what every Checkout has (questions, success and cancel pages, expiry).
 */
export function recurringSessionParts(
  /** `tipPercent`: the chosen preset's, or null for the payer's own amount (docs/decisions.md #205). */
  link: { title: string; currency: string; tipPercent: number | null },
  schedule: RepeatSchedule,
  amounts: PaymentAmounts,
  metadata: RecurringMetadata,
): Pick<CheckoutSessionRequest, 'mode' | 'line_items' | 'subscription_data' | 'custom_text' | 'metadata'> {
  const everyPeriod = {
    quantity: 1,
    price_data: {
      currency: link.currency,
      unit_amount: amounts.baseCents,
      product_data: { name: link.title },
      recurring: stripeRecurringOf(schedule.every),
    },
  };
  // Stripe adds a one-time price in subscription mode to the first invoice only: the tip does not repeat.
  const tipOnce = {
    quantity: 1,
    price_data: {
      currency: link.currency,
      unit_amount: amounts.tipCents,
      product_data: { name: `${tipLineName(link.tipPercent)}, first payment only` },
    },
  };
  return {
    mode: 'subscription',
    line_items: amounts.tipCents > 0 ? [everyPeriod, tipOnce] : [everyPeriod],
    subscription_data: {
      metadata,
      application_fee_percent: RECURRING_FEE_PERCENT,
      description: repeatPriceWords(amounts.baseCents, link.currency, schedule),
    },
    custom_text: {
      submit: {
        message: repeatAgreementWords(amounts.baseCents, link.currency, schedule, { offersTip: amounts.tipCents > 0 }),
      },
    },
    metadata,
  };
}

/** The schedule a subscription's metadata names; undefined when it names none (not a Paylink recurring link's). */
export function scheduleOfMetadata(value: string | undefined): RepeatSchedule | undefined {
  const match = /^(week|fortnight|month|year):(\d{0,4})$/.exec(value ?? '');
  if (!match) return undefined;
  const payments = match[2] ? Number(match[2]) : null;
  if (payments !== null && payments < 1) return undefined;
  return { every: match[1] as RepeatSchedule['every'], payments };
}

/**
 * The link's schedule, or null for a one-off link. An open amount never repeats (#154). The link's Repeat
 * field itself comes with the one link-field schema; until then no stored link has one.
 */
export function repeatOf(link: { isOpenAmount: boolean; repeat?: RepeatSchedule | null }): RepeatSchedule | null {
  return link.isOpenAmount ? null : (link.repeat ?? null);
}
