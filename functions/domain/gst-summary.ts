/**
 * The GST summary of one taxable period (docs/decisions.md #84): GST on the period's receipts less the GST
 * its refunds corrected, each figure taken from the same functions as the receipt page (`paymentGst`,
 * `supplyCorrection`), so the total is the sum over the period's receipts and corrections by construction.
 *
 * It reads the period's payments rather than keeping counters: the export lists every receipt and
 * correction anyway. Each receipt's GST follows the tax settings it was issued under, kept on the payment
 * (docs/decisions.md #97), so a later change to Settings → Tax leaves a past period's summary as it was,
 * and the treatment its link had when paid (#136): a zero-rated sale counts at 0%, a sale with no GST not at all.
 * The read is bounded (MAX_PAYMENTS_READ).
 */
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@shared/brand';
import type { GstSummary, GstSummaryQuery } from '@shared/contracts/gst-summary';
import { addMonths, periodEndingIn } from '@shared/gst-periods';
import { HttpError } from './http-error';
import { taxSettingsOf, type MerchantRepository } from './merchants';
import { addDays, dayInTimeZone, startOfDayIn } from './merchant-days';
import { paymentGst } from './gst';
import type { PaymentRecord } from './payments';
import { receiptInstant, receiptTaxOf, receiptTimeZone, succeededRefunds, supplyCorrection } from './receipts';

/**
 * Refunds made in the period may correct payments made before it: the read reaches back this far before
 * the period's first day for them. Card refunds of older payments are rare, and Stripe may refuse them.
 */
export const CORRECTION_LOOKBACK_MONTHS = 12;

/**
 * At most this many payments are read for one summary (a six-monthly period reads 18 months of them):
 * about 70 DynamoDB pages, a few seconds, and an answer within Lambda's 6 MB. More is refused in words.
 */
export const MAX_PAYMENTS_READ = 50_000;

/** The payments a summary reads: a merchant's, created in [fromInstant, toInstant), succeeded ones only. */
export interface GstSummaryPaymentReader {
  listSucceededCreatedBetween(
    merchantId: string,
    fromInstant: string,
    toInstant: string,
    maxRead: number,
  ): Promise<{ payments: PaymentRecord[]; complete: boolean }>;
}

export interface GstSummaryDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  payments: GstSummaryPaymentReader;
}

/**
 * A merchant not registered now whose period holds receipts issued before each receipt kept its tax settings
 * (docs/decisions.md #97): whether those stated GST is not known, so the period's GST cannot be given.
 */
export function unknownReceiptsMessage(count: number): string {
  return `${count === 1 ? 'A receipt' : `${count.toLocaleString('en-NZ')} receipts`} in this period ${count === 1 ? 'was' : 'were'} issued before Paylink kept the GST registration each receipt was issued under, and you are not registered for GST in Settings → Tax now, so Paylink cannot tell the GST ${count === 1 ? 'it' : 'they'} stated. Use your own records for this period.`;
}

export async function gstSummary(
  merchantId: string,
  query: GstSummaryQuery,
  deps: GstSummaryDeps,
): Promise<GstSummary> {
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new HttpError(404, 'merchant_not_found', 'We could not find your account. Sign in again.');
  // No longer registered is no reason to refuse (docs/decisions.md #104): a past period's receipts kept the
  // registration they were issued under, and the answer says the merchant is not registered now.

  const timeZone = merchant.timeZone ?? DEFAULT_TIME_ZONE;
  const { firstMonth, lastMonth } = periodEndingIn(query.lastMonth, query.months);
  const fromDay = `${firstMonth}-01`;
  const dayAfter = `${addMonths(lastMonth, 1)}-01`;
  const toDay = addDays(dayAfter, -1);
  // Each receipt falls in a period by its own date, in the zone it was issued in (#104), which may not be the
  // merchant's zone now: the read reaches two days past the period at each end (zones are at most 26 hours
  // apart), and the days decide.
  const readFrom = startOfDayIn(addDays(`${addMonths(firstMonth, -CORRECTION_LOOKBACK_MONTHS)}-01`, -2), timeZone);
  const periodEnd = startOfDayIn(addDays(dayAfter, 2), timeZone);

  const { payments, complete } = await deps.payments.listSucceededCreatedBetween(
    merchantId,
    readFrom.toISOString(),
    periodEnd.toISOString(),
    MAX_PAYMENTS_READ,
  );
  if (!complete) {
    throw new HttpError(
      422,
      'gst_period_too_busy',
      `This period and the ${CORRECTION_LOOKBACK_MONTHS} months before it hold more than ${MAX_PAYMENTS_READ.toLocaleString('en-NZ')} payments, more than Paylink totals in one go. Choose monthly periods, or use the Xero exports on this screen.`,
    );
  }
  const period = { firstMonth, lastMonth, fromDay, toDay, timeZone, months: query.months };
  const unknown = receiptsOfUnknownTax(payments, merchant, period);
  if (unknown > 0) throw new HttpError(409, 'gst_receipts_unknown', unknownReceiptsMessage(unknown));
  return summarise(payments, merchant, period);
}

/**
 * The period's receipts (or receipts its refunds correct) whose GST cannot be known: issued before the receipt
 * kept its tax settings, to a merchant not registered now. While the merchant is registered such a receipt
 * follows the settings as they are now, as its receipt page does (docs/decisions.md #97); once they are not,
 * the page's "no GST" may not be what the payer was given.
 */
function receiptsOfUnknownTax(
  payments: readonly PaymentRecord[],
  merchant: Parameters<typeof supplyCorrection>[2],
  period: { fromDay: string; toDay: string; timeZone: string },
): number {
  if (merchant && taxSettingsOf(merchant).gstRegistered) return 0;
  const inPeriod = (instant: string, timeZone: string) => {
    const day = dayInTimeZone(instant, timeZone);
    return day >= period.fromDay && day <= period.toDay;
  };
  return payments.filter((payment) => {
    if (payment.status !== 'succeeded' || payment.receiptTax) return false;
    const timeZone = receiptTimeZone(payment, merchant);
    return (
      inPeriod(receiptInstant(payment), timeZone) ||
      succeededRefunds(payment).some((refund) => inPeriod(refund.createdAt, timeZone))
    );
  }).length;
}

/** The summary of already-read payments (pure; the unit of the figures). */
export function summarise(
  payments: readonly PaymentRecord[],
  merchant: Parameters<typeof supplyCorrection>[2],
  period: { months: number; firstMonth: string; lastMonth: string; fromDay: string; toDay: string; timeZone: string },
): GstSummary {
  const inPeriod = (instant: string, timeZone: string) => {
    const day = dayInTimeZone(instant, timeZone);
    return day >= period.fromDay && day <= period.toDay ? day : null;
  };
  const receipts: GstSummary['receipts'] = [];
  const corrections: GstSummary['corrections'] = [];
  for (const payment of payments) {
    if (payment.status !== 'succeeded') continue;
    // As its receipt was issued (#97): registered or not, and its tips setting, then.
    const gst = paymentGst(receiptTaxOf(payment, merchant), payment);
    if (!gst) continue;
    // The receipt's own date (receiptView): when the card was charged (#122), in the zone it was
    // issued in (#104); its corrections are dated in the same zone, as its page lists them.
    const timeZone = receiptTimeZone(payment, merchant);
    const at = receiptInstant(payment);
    const day = inPeriod(at, timeZone);
    if (day) {
      receipts.push({
        paymentId: payment.paymentId,
        receiptNumber: payment.receiptNumber ?? null,
        at,
        day,
        description: payment.linkTitle,
        payerName: payment.payerName ?? null,
        totalCents: payment.totalCents,
        supplyCents: gst.supplyCents,
        gstCents: gst.gstCents,
        gstTreatment: gst.treatment,
      });
    }
    for (const refund of succeededRefunds(payment)) {
      const refundDay = inPeriod(refund.createdAt, timeZone);
      const correction = refundDay ? supplyCorrection(payment, refund, merchant) : null;
      if (!refundDay || !correction) continue;
      corrections.push({
        paymentId: payment.paymentId,
        refundId: refund.refundId,
        receiptNumber: payment.receiptNumber ?? null,
        at: refund.createdAt,
        day: refundDay,
        description: payment.linkTitle,
        refundCents: refund.amountCents,
        supplyCents: correction.supplyCents,
        gstCents: correction.gstCorrectionCents,
        gstTreatment: gst.treatment,
      });
    }
  }
  receipts.sort((a, b) => a.at.localeCompare(b.at) || (a.receiptNumber ?? 0) - (b.receiptNumber ?? 0));
  corrections.sort((a, b) => a.at.localeCompare(b.at) || a.refundId.localeCompare(b.refundId));
  const sum = <T>(items: readonly T[], cents: (item: T) => number) =>
    items.reduce((total, item) => total + cents(item), 0);
  const gstCollectedCents = sum(receipts, (line) => line.gstCents);
  const gstCorrectedCents = sum(corrections, (line) => line.gstCents);
  return {
    ...period,
    registeredNow: merchant ? taxSettingsOf(merchant).gstRegistered : false,
    currency: payments[0]?.currency ?? DEFAULT_CURRENCY,
    receipts,
    corrections,
    totals: {
      salesCents: sum(receipts, (line) => line.supplyCents),
      zeroRatedCents: sum(receipts, (line) => (line.gstTreatment === 'zero-rated' ? line.supplyCents : 0)),
      gstCollectedCents,
      // The supply the refunds gave back, beside the sales it is taken from: a refunded tip outside the supply
      // is no part of either (docs/decisions.md #119).
      refundedCents: sum(corrections, (line) => line.supplyCents),
      gstCorrectedCents,
      netGstCents: gstCollectedCents - gstCorrectedCents,
    },
  };
}
