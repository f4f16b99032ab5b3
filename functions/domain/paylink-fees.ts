/**
 * Paylink's statement of its own fees to a merchant, for one calendar month (docs/decisions.md
 * #123): the 0.5% application fee on each payment that settled in the month, less the fee Stripe
 * gave back with each refund made in the month. When Paylink is registered for GST the statement is
 * Paylink's taxable supply information for the month's fees (GST Act s19F; one document may cover many
 * supplies), and the merchant can claim the GST in it; when not, it says so and carries no GST.
 *
 * Read as the GST summary reads (docs/decisions.md #84): the merchant's succeeded payments from the
 * `byMerchant` index, reaching back CORRECTION_LOOKBACK_MONTHS for refunds of older payments, bounded. Each
 * fee and refund is dated as its receipt is, in the zone the receipt was issued in (#104), so a month's fees
 * fall in the same GST period as its receipts.
 */
import { BRAND_NAME, DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@shared/brand';
import type { FeeLine, FeeStatement, FeeStatementQuery, FeeTotals } from '@shared/contracts/paylink-fees';
import { formatGstNumber } from '@shared/gst-number';
import { addMonths, periodLabel } from '@shared/gst-periods';
import { paylinkFeeReturned } from '@shared/money';
import { gstInInclusiveCents } from './gst';
import { CORRECTION_LOOKBACK_MONTHS, MAX_PAYMENTS_READ, type GstSummaryPaymentReader } from './gst-summary';
import { HttpError } from './http-error';
import type { MerchantRecord, MerchantRepository } from './merchants';
import { addDays, dayInTimeZone, startOfDayIn } from './merchant-days';
import type { PaymentRecord } from './payments';
import { receiptTimeZone, succeededRefunds } from './receipts';

export interface PaylinkFeesDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  /** Succeeded payments with `productFeeCents` among what is read. */
  payments: GstSummaryPaymentReader;
  /** Paylink's own GST number (digits), from the deployment's settings; null when Paylink is not registered. */
  paylinkGstNumber: string | null;
  now: Date;
}

/** The days a statement or a GST period covers (yyyy-MM-dd, inclusive). */
export interface FeeDays {
  fromDay: string;
  toDay: string;
}

/**
 * The fee given back with each succeeded refund of a payment, by refund id: the refunds so far give back
 * their share of the fee, so every refund together gives back exactly the whole fee on a full refund.
 */
export function returnedFees(payment: PaymentRecord): Map<string, number> {
  const returned = new Map<string, number>();
  const fee = payment.productFeeCents ?? 0;
  let refundedBefore = 0;
  for (const refund of succeededRefunds(payment)) {
    const before = paylinkFeeReturned(fee, refundedBefore, payment.totalCents);
    refundedBefore += refund.amountCents;
    returned.set(refund.refundId, paylinkFeeReturned(fee, refundedBefore, payment.totalCents) - before);
  }
  return returned;
}

/** The fees taken and given back within the days, oldest first (pure: the unit of the figures). */
export function feeLinesOf(
  payments: readonly PaymentRecord[],
  merchant: Pick<MerchantRecord, 'timeZone'> | undefined,
  days: FeeDays,
): FeeLine[] {
  const inDays = (instant: string, timeZone: string) => {
    const day = dayInTimeZone(instant, timeZone);
    return day >= days.fromDay && day <= days.toDay ? day : null;
  };
  const lines: FeeLine[] = [];
  for (const payment of payments) {
    const fee = payment.productFeeCents ?? 0;
    if (payment.status !== 'succeeded' || fee <= 0) continue;
    const timeZone = receiptTimeZone(payment, merchant);
    const at = payment.settledAt ?? payment.createdAt;
    const base = { paymentId: payment.paymentId, receiptNumber: payment.receiptNumber ?? null };
    const day = inDays(at, timeZone);
    if (day) {
      lines.push({
        ...base,
        kind: 'fee',
        refundId: null,
        at,
        day,
        description: payment.linkTitle,
        amountCents: payment.totalCents,
        feeCents: fee,
      });
    }
    const returned = returnedFees(payment);
    for (const refund of succeededRefunds(payment)) {
      const refundDay = inDays(refund.createdAt, timeZone);
      const back = returned.get(refund.refundId) ?? 0;
      if (!refundDay || back === 0) continue;
      lines.push({
        ...base,
        kind: 'returned',
        refundId: refund.refundId,
        at: refund.createdAt,
        day: refundDay,
        description: `Refund: ${payment.linkTitle}`,
        amountCents: refund.amountCents,
        feeCents: -back,
      });
    }
  }
  return lines.sort((a, b) => a.at.localeCompare(b.at) || a.paymentId.localeCompare(b.paymentId));
}

/** The lines' totals; the GST in each only when Paylink is registered (3/23, s19O-rounded, as receipts are). */
export function feeTotalsOf(lines: readonly FeeLine[], paylinkRegistered: boolean): FeeTotals {
  const chargedCents = lines.filter((line) => line.kind === 'fee').reduce((sum, line) => sum + line.feeCents, 0);
  const returnedCents = lines.filter((line) => line.kind === 'returned').reduce((sum, line) => sum - line.feeCents, 0);
  const netCents = chargedCents - returnedCents;
  const gst = (cents: number) => (paylinkRegistered ? gstInInclusiveCents(cents) : null);
  return {
    chargedCents,
    returnedCents,
    netCents,
    chargedGstCents: gst(chargedCents),
    returnedGstCents: gst(returnedCents),
    netGstCents: gst(netCents),
  };
}

/** Where the read for days in `timeZone` starts and ends: back for refunds of older payments, two days' slack. */
function feeReadWindow(firstMonth: string, dayAfter: string, timeZone: string) {
  return {
    from: startOfDayIn(addDays(`${addMonths(firstMonth, -CORRECTION_LOOKBACK_MONTHS)}-01`, -2), timeZone),
    to: startOfDayIn(addDays(dayAfter, 2), timeZone),
  };
}

/** The name a merchant's documents are addressed to: the legal name in Settings → Tax, else the company's or theirs. */
function recipientOf(merchant: MerchantRecord): FeeStatement['recipient'] {
  return {
    name: merchant.tax?.legalName ?? merchant.companyName ?? merchant.fullName,
    email: merchant.email,
    address: merchant.tax?.address ?? merchant.businessAddress ?? null,
  };
}

export async function feeStatement(
  merchantId: string,
  query: FeeStatementQuery,
  deps: PaylinkFeesDeps,
): Promise<FeeStatement> {
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new HttpError(404, 'merchant_not_found', 'We could not find your account. Sign in again.');
  const timeZone = merchant.timeZone ?? DEFAULT_TIME_ZONE;
  const today = dayInTimeZone(deps.now, timeZone);
  const thisMonth = today.slice(0, 7);
  if (query.month > thisMonth) {
    throw new HttpError(
      400,
      'month_not_begun',
      `${periodLabel({ firstMonth: query.month, lastMonth: query.month })} has not begun yet: choose ${periodLabel({ firstMonth: thisMonth, lastMonth: thisMonth })} or an earlier month.`,
    );
  }
  const fromDay = `${query.month}-01`;
  const dayAfter = `${addMonths(query.month, 1)}-01`;
  const toDay = addDays(dayAfter, -1);
  const window = feeReadWindow(query.month, dayAfter, timeZone);
  const { payments, complete } = await deps.payments.listSucceededCreatedBetween(
    merchantId,
    window.from.toISOString(),
    window.to.toISOString(),
    MAX_PAYMENTS_READ,
  );
  if (!complete) {
    throw new HttpError(
      422,
      'fee_month_too_busy',
      `This month and the ${CORRECTION_LOOKBACK_MONTHS} months before it hold more than ${MAX_PAYMENTS_READ.toLocaleString('en-NZ')} payments, more than Paylink totals in one go. Contact support for this statement.`,
    );
  }
  const lines = feeLinesOf(payments, merchant, { fromDay, toDay });
  const monthComplete = today > toDay;
  return {
    month: query.month,
    fromDay,
    toDay,
    issuedDay: monthComplete ? toDay : today,
    monthComplete,
    timeZone,
    currency: payments[0]?.currency ?? DEFAULT_CURRENCY,
    supplier: {
      name: BRAND_NAME,
      gstNumber: deps.paylinkGstNumber ? formatGstNumber(deps.paylinkGstNumber) : null,
    },
    recipient: recipientOf(merchant),
    lines,
    totals: feeTotalsOf(lines, deps.paylinkGstNumber !== null),
  };
}
