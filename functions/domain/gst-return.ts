/**
 * A GST period's Paylink figures laid out as Inland Revenue's GST return (GST101A) asks for them
 * (docs/decisions.md #124). The sales side is the GST summary's (#84), so the worksheet and the
 * summary can never disagree; the purchases side is Paylink's own fees, from the same lines as its monthly
 * fee statements (#123).
 *
 * - Box 5: the period's receipts, GST-inclusive (the tip left out where the merchant treats tips as outside
 *   the supply), zero-rated supplies included; Box 6 the zero-rated ones; Box 7 = 5 − 6; Box 8 = 3/23 of 7.
 *   A sale whose link carries no GST (an exempt supply, a gift, a deposit) is in none of them (#136).
 * - Box 9 (debit adjustments): the GST in the fees Paylink gave back with refunds — a correction the
 *   merchant received of a purchase they claimed (GST Act s25(3)).
 * - Box 11: Paylink's fees when Paylink is registered (a purchase with taxable supply information); nothing
 *   when it is not. Stripe's own fees carry no GST for New Zealand accounts, so they are not here.
 * - Box 13 (credit adjustments): the GST the period's refunds corrected, as each receipt's correction says
 *   (s25(2)); Box 5 keeps the receipts at their full amount, as Inland Revenue's credit note example does.
 *
 * Box 8 and Box 12 are 3/23 of their box, as the return works them out; each receipt's GST was rounded on
 * its own (s19O), so the receipts' stated GST can differ from Box 8 by a few cents: the worksheet says by how
 * much. Money in integer cents throughout.
 */
import type { GstReturnBoxes, GstReturnWorksheet } from '@shared/contracts/gst-return';
import type { GstSummary, GstSummaryQuery } from '@shared/contracts/gst-summary';
import { gstTreatmentOf } from '@shared/gst-treatment';
import { gstInInclusiveCents } from './gst';
import { gstSummary, type GstSummaryPaymentReader } from './gst-summary';
import { HttpError } from './http-error';
import type { MerchantRecord, MerchantRepository } from './merchants';
import { dayInTimeZone } from './merchant-days';
import { feeLinesOf, feeTotalsOf } from './paylink-fees';
import type { PaymentRecord } from './payments';
import { receiptTaxOf } from './receipts';

/** What the boxes are worked out from, in cents. */
export interface GstReturnInputs {
  /** The period's receipts, GST-inclusive, zero-rated ones included. */
  salesCents: number;
  /** Of salesCents, the zero-rated supplies (links zero-rated when paid, #136). */
  zeroRatedCents: number;
  /** The GST the period's refunds corrected, each as its receipt's correction says. */
  correctionsGstCents: number;
  /** Paylink's fees taken and given back in the period, GST-inclusive; counted only when Paylink is registered. */
  paylinkFeesCents: number;
  paylinkFeesReturnedCents: number;
  paylinkGstRegistered: boolean;
}

/** The return's boxes from the period's figures (pure; the unit the tests check at edge amounts). */
export function gstReturnBoxes(inputs: GstReturnInputs): GstReturnBoxes {
  const box5 = inputs.salesCents;
  const box6 = inputs.zeroRatedCents;
  const box7 = box5 - box6;
  const box8 = gstInInclusiveCents(box7);
  const box9 = inputs.paylinkGstRegistered ? gstInInclusiveCents(inputs.paylinkFeesReturnedCents) : 0;
  const box10 = box8 + box9;
  const box11 = inputs.paylinkGstRegistered ? inputs.paylinkFeesCents : 0;
  const box12 = gstInInclusiveCents(box11);
  const box13 = inputs.correctionsGstCents;
  const box14 = box12 + box13;
  return { box5, box6, box7, box8, box9, box10, box11, box12, box13, box14, box15: box10 - box14 };
}

export interface GstReturnDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  /** Succeeded payments with `productFeeCents` among what is read. */
  payments: GstSummaryPaymentReader;
  /** Paylink's own GST number (digits) from the deployment's settings; null when Paylink is not registered. */
  paylinkGstNumber: string | null;
  now: Date;
}

export async function gstReturnWorksheet(
  merchantId: string,
  query: GstSummaryQuery,
  deps: GstReturnDeps,
): Promise<GstReturnWorksheet> {
  // The summary reads the merchant and the period's payments once; the fees come from the same read.
  let merchant: MerchantRecord | undefined;
  const read: PaymentRecord[] = [];
  const summary: GstSummary = await gstSummary(merchantId, query, {
    merchants: {
      async get(id) {
        merchant = await deps.merchants.get(id);
        return merchant;
      },
    },
    payments: {
      async listSucceededCreatedBetween(...args) {
        const answer = await deps.payments.listSucceededCreatedBetween(...args);
        read.push(...answer.payments);
        return answer;
      },
    },
  });
  const thisMonth = dayInTimeZone(deps.now, summary.timeZone).slice(0, 7);
  if (summary.firstMonth > thisMonth) {
    throw new HttpError(
      400,
      'gst_period_not_begun',
      'That GST period has not begun yet: choose the current period or an earlier one.',
    );
  }
  // Input tax is the registered person's: a fee counts only where the merchant was registered when its
  // payment's receipt was issued (#97), as that receipt's sale counts in Box 5; and not on a sale that is no
  // taxable supply, whose fee was not used in making one (s20(3C); #136).
  const whileRegistered = read.filter(
    (payment) => receiptTaxOf(payment, merchant).gstRegistered && gstTreatmentOf(payment) !== 'no-gst',
  );
  const fees = feeTotalsOf(feeLinesOf(whileRegistered, merchant, summary), false);
  const paylinkGstRegistered = deps.paylinkGstNumber !== null;
  const boxes = gstReturnBoxes({
    salesCents: summary.totals.salesCents,
    zeroRatedCents: summary.totals.zeroRatedCents,
    correctionsGstCents: summary.totals.gstCorrectedCents,
    paylinkFeesCents: fees.chargedCents,
    paylinkFeesReturnedCents: fees.returnedCents,
    paylinkGstRegistered,
  });
  return {
    months: summary.months,
    firstMonth: summary.firstMonth,
    lastMonth: summary.lastMonth,
    fromDay: summary.fromDay,
    toDay: summary.toDay,
    timeZone: summary.timeZone,
    currency: summary.currency,
    registeredNow: summary.registeredNow,
    paylinkGstRegistered,
    boxes,
    parts: {
      receipts: summary.receipts.length,
      corrections: summary.corrections.length,
      receiptsGstCents: summary.totals.gstCollectedCents,
      roundingDifferenceCents: summary.totals.gstCollectedCents - boxes.box8,
      correctionsGstCents: summary.totals.gstCorrectedCents,
      paylinkFeesCents: fees.chargedCents,
      paylinkFeesReturnedCents: fees.returnedCents,
    },
  };
}
