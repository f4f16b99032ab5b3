/**
 * Which part of each payout line carries GST (docs/decisions.md #118, #119), worked out when
 * the payout is recorded from the payment its line belongs to, with the same functions as the receipt, its
 * supply corrections and the GST summary — so the precoded Xero file, coding that part "15% GST on Income"
 * (or Expenses; "Zero Rated" for a zero-rated sale, #136) and the rest "No GST", books the GST those
 * documents state, line by line.
 */
import type { PayoutLine } from '@shared/contracts/payouts';
import { gstTreatmentOf } from '@shared/gst-treatment';
import { refundSupplyParts, taxableCents } from './gst';
import type { MerchantRecord } from './merchants';
import type { PaymentRecord } from './payments';
import { receiptTaxOf, succeededRefunds } from './receipts';

/** Paylink's own GST registration, a deployment setting: its GST number, or null when not registered. */
export interface PaylinkGst {
  gstNumber: string | null;
}

/** `magnitude` with the sign of `amount`. */
function signedAs(amount: number, magnitude: number): number {
  return amount < 0 ? -magnitude : magnitude;
}

/**
 * The GST-bearing part of one line (signed as the line), or undefined where it cannot be known here (a
 * sale, refund or dispute whose Paylink payment is not this merchant's or not found): such a line is coded
 * by its kind, as lines recorded before this was kept are.
 */
export function taxableCentsOfLine(
  line: PayoutLine,
  payment: PaymentRecord | undefined,
  merchant: MerchantRecord | undefined,
  paylink: PaylinkGst,
): number | undefined {
  switch (line.kind) {
    case 'paylink_fee':
    case 'fee_refund':
      // Paylink's fee carries GST only when Paylink is registered; its fee statement is then the tax invoice.
      // A fee on a sale that is no taxable supply was not incurred in making taxable supplies: no input tax
      // to claim on it (GST Act s20(3C); #136).
      if (payment && gstTreatmentOf(payment) === 'no-gst') return 0;
      return paylink.gstNumber ? line.amountCents : 0;
    case 'stripe_fee':
    case 'dispute':
    case 'payout_failure':
    case 'other':
      // Stripe charges New Zealand accounts no GST on card or dispute fees; a dispute is no supply correction
      // (#120); a returned payout and Stripe's adjustments are no supply at all.
      return 0;
    case 'payment':
    case 'refund': {
      if (!payment) return undefined;
      const tax = receiptTaxOf(payment, merchant);
      // A sale that is no taxable supply (#136) carries no GST, as its receipt states none.
      if (!tax.gstRegistered || gstTreatmentOf(payment) === 'no-gst') return 0;
      const magnitude = Math.abs(line.amountCents);
      if (line.kind === 'payment')
        return signedAs(line.amountCents, Math.min(magnitude, taxableCents(payment, tax.tipTreatment)));
      const refundId = line.sourceId ?? '';
      const refunds = succeededRefunds(payment);
      // A refund Paylink has not yet heard of as succeeded comes after those it has.
      const known = refunds.some((refund) => refund.refundId === refundId);
      const inOrder = known ? refunds : [...refunds, { refundId, amountCents: magnitude }];
      const part = refundSupplyParts(payment, tax.tipTreatment, inOrder).get(refundId) ?? 0;
      return signedAs(line.amountCents, Math.min(magnitude, part));
    }
  }
}

/**
 * The lines of one balance transaction, each with its GST-bearing part; a sale's and its refunds' lines also
 * with the treatment the payment's link had (#136), so a zero-rated part is coded at 0%.
 */
export function withTaxableCents(
  lines: readonly PayoutLine[],
  payment: PaymentRecord | undefined,
  merchant: MerchantRecord | undefined,
  paylink: PaylinkGst,
): PayoutLine[] {
  return lines.map((line) => {
    const taxable = taxableCentsOfLine(line, payment, merchant, paylink);
    if (taxable === undefined) return line;
    const ofSale = payment && (line.kind === 'payment' || line.kind === 'refund');
    return { ...line, taxableCents: taxable, ...(ofSale && { gstTreatment: gstTreatmentOf(payment) }) };
  });
}
