import type { TaxSettings, TipGstTreatment } from '@shared/contracts/tax';
import { gstTreatmentOf, type GstTreatment } from '@shared/gst-treatment';
export { DEFAULT_TIP_TREATMENT } from '@shared/tax-defaults';

/**
 * New Zealand GST on Paylink's payments, in integer cents with exact integer arithmetic (no float touches
 * a tax amount). Prices include GST (docs/decisions.md #64).
 */

/** GST is 15 %: 3/20 of a GST-exclusive amount, so 3/23 of a GST-inclusive one. */
const RATE_NUMERATOR = 3;
const EXCLUSIVE_DENOMINATOR = 20;
const INCLUSIVE_DENOMINATOR = 23;

/** A supply of this much or less needs the basic taxable supply information only. */
export const BASIC_TIER_MAX_CENTS = 20_000;
/** Above BASIC_TIER_MAX_CENTS and up to this, the GST number and the GST are added; above it, the recipient too. */
export const GST_NUMBER_TIER_MAX_CENTS = 100_000;

/**
 * numerator / denominator cents rounded as section 19O of the GST Act says: a fraction of a cent up to and
 * including half a cent is dropped, a fraction above half a cent counts as a whole cent. Both arguments are
 * non-negative integers; amounts stay far below 2^53 so Number arithmetic is exact.
 */
export function roundCentsS19O(numerator: number, denominator: number): number {
  const whole = Math.floor(numerator / denominator);
  const remainder = numerator - whole * denominator;
  // remainder / denominator > 1/2  ⇔  2 × remainder > denominator: an exact half is dropped.
  return 2 * remainder > denominator ? whole + 1 : whole;
}

/** The GST contained in a GST-inclusive amount: 3/23 of it, s19O-rounded. */
export function gstInInclusiveCents(inclusiveCents: number): number {
  return roundCentsS19O(Math.abs(inclusiveCents) * RATE_NUMERATOR, INCLUSIVE_DENOMINATOR) * Math.sign(inclusiveCents);
}

/** The GST to add to a GST-exclusive amount: 15 % of it, s19O-rounded (where exact half cents occur). */
export function gstOnExclusiveCents(exclusiveCents: number): number {
  return roundCentsS19O(Math.abs(exclusiveCents) * RATE_NUMERATOR, EXCLUSIVE_DENOMINATOR) * Math.sign(exclusiveCents);
}

/**
 * Which taxable supply information a supply of `totalCents` (GST-inclusive) needs:
 * - `basic` ($200 or less): supplier's name, date, description, amount;
 * - `gst-number` (over $200 up to $1,000): adds the supplier's GST number and "the total includes GST $X";
 * - `recipient` (over $1,000): adds the recipient's name and one contact (Paylink shows their email).
 */
export type SupplyInformationTier = 'basic' | 'gst-number' | 'recipient';

export function supplyInformationTier(totalCents: number): SupplyInformationTier {
  if (totalCents <= BASIC_TIER_MAX_CENTS) return 'basic';
  if (totalCents <= GST_NUMBER_TIER_MAX_CENTS) return 'gst-number';
  return 'recipient';
}

/** What a tier requires on the receipt, beyond the supplier's name, the date, a description and the amount. */
export function tierRequires(tier: SupplyInformationTier): { gstNumber: boolean; recipient: boolean } {
  return { gstNumber: tier !== 'basic', recipient: tier === 'recipient' };
}

/** The part of a payment that is the taxable supply: all of it, or the base alone when tips are outside it. */
export function taxableCents(payment: { baseCents: number; tipCents: number }, tips: TipGstTreatment): number {
  return tips === 'outside-supply' ? payment.baseCents : payment.baseCents + payment.tipCents;
}

/** A treatment under which a sale is a taxable supply: at 15%, or at 0% (docs/decisions.md #136). */
export type RatedGstTreatment = Exclude<GstTreatment, 'no-gst'>;

/**
 * The GST lines of one payment's receipt; null when the merchant is not registered or the link's sales carry
 * no GST (no GST line at all).
 */
export interface PaymentGst {
  tier: SupplyInformationTier;
  /** Standard-rated (15%) or zero-rated (0%, its GST always 0). */
  treatment: RatedGstTreatment;
  /** The GST-inclusive value of the supply (the tip left out when tips are outside it). */
  supplyCents: number;
  gstCents: number;
}

/**
 * The tax settings a receipt was issued under (docs/decisions.md #97): taken from the merchant's row by the
 * same write that gives the payment its receipt number, and kept on the payment, so that a later change to
 * Settings → Tax (registering, a new GST number, name or address, the tips setting) never rewrites a
 * receipt already issued, its corrections or the GST summary of its period.
 */
export interface ReceiptTax {
  gstRegistered: boolean;
  /** Digits only, as Settings → Tax stores it; null when not registered. */
  gstNumber: string | null;
  /** The name the receipt shows: the legal or trading name, else the company's or the merchant's. */
  supplierName: string;
  address: string | null;
  tipTreatment: TipGstTreatment;
  /**
   * Whether the receipt states its GST and the GST number at $200 or less (docs/decisions.md #176). Absent on
   * receipts issued before it was kept: those stated none there, and still do.
   */
  showSmallReceiptGst?: boolean;
  /**
   * The merchant's time zone when the receipt was issued: the receipt's date, its corrections' dates and the
   * GST period it falls in are read in it (docs/decisions.md #104). Absent on receipts issued before it was
   * kept, which are read in the merchant's zone as it is now.
   */
  timeZone?: string;
}

/**
 * The receipt's GST: under the tax settings it was issued under, and the treatment the payment's link had
 * at checkout (docs/decisions.md #136) — none for a sale that is no taxable supply, 0% for a zero-rated one.
 */
export function paymentGst(
  tax: Pick<TaxSettings, 'gstRegistered' | 'tipTreatment'> | undefined,
  payment: { baseCents: number; tipCents: number; gstTreatment?: GstTreatment | null },
): PaymentGst | null {
  const treatment = gstTreatmentOf(payment);
  if (!tax?.gstRegistered || treatment === 'no-gst') return null;
  const supplyCents = taxableCents(payment, tax.tipTreatment);
  return {
    tier: supplyInformationTier(supplyCents),
    treatment,
    supplyCents,
    gstCents: gstOfSupplyCents(supplyCents, treatment),
  };
}

/**
 * Whether a receipt states its GST and the GST number: over $200 the law asks it (GST Act s19E, "taxable supply
 * information"); a zero-rated sale says its 0% at every amount (#136); at $200 or less a standard-rated one
 * states it when the merchant's setting, as the receipt was issued with it, says so (docs/decisions.md #176).
 */
export function receiptStatesGst(
  gst: PaymentGst | null,
  tax: Pick<ReceiptTax, 'showSmallReceiptGst'>,
): gst is PaymentGst {
  if (!gst) return false;
  return gst.tier !== 'basic' || gst.treatment === 'zero-rated' || tax.showSmallReceiptGst === true;
}

/** The GST in a GST-inclusive part of a supply under its treatment: 3/23 at 15%, nothing at 0%. */
export function gstOfSupplyCents(inclusiveCents: number, treatment: RatedGstTreatment): number {
  return treatment === 'zero-rated' ? 0 : gstInInclusiveCents(inclusiveCents);
}

/**
 * How much of each refund lowers the taxable supply, by refund id (docs/decisions.md #119). A refund
 * of exactly the tip not yet refunded gives back the tip; any other refund gives back the price first, then
 * the tip once the price is all refunded. When the tip is part of the supply the whole refund is. So a
 * tip-only refund leaves the price, and its GST, as the receipt stated them, and a full refund gives back
 * exactly the receipt's supply.
 */
export function refundSupplyParts(
  payment: { baseCents: number; tipCents: number },
  tips: TipGstTreatment,
  refunds: readonly { refundId: string; amountCents: number }[],
): Map<string, number> {
  const parts = new Map<string, number>();
  let priceLeft = tips === 'outside-supply' ? payment.baseCents : payment.baseCents + payment.tipCents;
  let tipLeft = tips === 'outside-supply' ? payment.tipCents : 0;
  for (const refund of refunds) {
    const amount = Math.max(0, refund.amountCents);
    if (tipLeft > 0 && amount === tipLeft) {
      tipLeft = 0;
      parts.set(refund.refundId, 0);
      continue;
    }
    const fromPrice = Math.min(amount, priceLeft);
    priceLeft -= fromPrice;
    tipLeft = Math.max(0, tipLeft - (amount - fromPrice));
    parts.set(refund.refundId, fromPrice);
  }
  return parts;
}

/**
 * The GST a refund takes back: the GST in the part of it that lowers the supply, 3/23 s19O-rounded, as a
 * supply correction for that amount states it and as Xero works out the GST of a line coded "15% GST on
 * Income" (docs/decisions.md #119); nothing when the sale was zero-rated (#136). Each document is rounded on its own (s19O), so a price refunded
 * in several parts may take back a cent more or less than the receipt stated.
 */
export function refundGstCents(refundSupplyCents: number, treatment: RatedGstTreatment = 'standard'): number {
  return gstOfSupplyCents(refundSupplyCents, treatment);
}
