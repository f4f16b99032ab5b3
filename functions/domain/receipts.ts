/**
 * Receipts as taxable supply information (docs/decisions.md #64, #65): each succeeded payment gets the
 * merchant's next receipt number, once, and an unguessable token for its receipt page `/r/{token}`.
 */
import { AMOUNT_WORDS } from '@shared/amount-words';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { formatGstNumber } from '@shared/gst-number';
import { dateTimeFormat } from '@shared/intl-formats';
import { formatMoney } from '@shared/money';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { DEFAULT_TIP_TREATMENT } from '@shared/tax-defaults';
import { DEFAULT_SHOW_SMALL_RECEIPT_GST } from '@shared/tax-defaults';
import type { ReceiptDocument } from '@shared/receipt-document';
import { taxSettingsOf, type MerchantRecord, type MerchantRepository } from './merchants';
import {
  paymentGst,
  receiptStatesGst,
  refundGstCents,
  refundSupplyParts,
  type PaymentGst,
  type ReceiptTax,
} from './gst';
import type { TipGstTreatment } from '@shared/contracts/tax';
import { gstTreatmentOf } from '@shared/gst-treatment';
import type { StoredRefund } from './money-records';
import type { PaymentRecord, PaymentRepository } from './payments';
import { maskedEmail, shortName } from './payer-privacy';
import { phoneForReading } from '@shared/phone-number';

/** `rct_` + 16 random bytes: the receipt page's id, never the Checkout session id or the payment id. */
export function newReceiptToken(): string {
  return `rct_${randomBytes(16).toString('base64url')}`;
}

export const RECEIPT_TOKEN_PATTERN = /^rct_[A-Za-z0-9_-]{22}$/;

/**
 * Gives a succeeded payment its receipt number (docs/decisions.md #65): one atomic add on the merchant's
 * counter, so two payments never share a number and a busy merchant's payments never wait on each other;
 * the payment takes its number only if it has none, so a duplicate webhook or a re-check never gives it a
 * second. Numbers are never reused. The rare loser of two settles racing on one payment, or a crash between
 * the two writes, leaves its number unused: a gap in the sequence, never a duplicate.
 */
export async function assignReceiptNumber(
  payment: PaymentRecord,
  deps: { payments: PaymentRepository; merchants: MerchantRepository },
): Promise<PaymentRecord> {
  if (payment.receiptNumber !== undefined) return payment;
  const taken = await deps.merchants.takeReceiptNumber(payment.merchantId);
  if (taken === undefined) return payment;
  // The tax settings as the counter's add found them go on the payment with its number, in the same write
  // (docs/decisions.md #97): the receipt is issued now, and a later change to Settings → Tax leaves it be.
  const receipt = {
    receiptNumber: taken.receiptNumber,
    receiptToken: newReceiptToken(),
    receiptKey: randomBytes(16).toString('base64url'),
    receiptTax: receiptTaxNow(taken.merchant),
  };
  return (await deps.payments.setReceipt(payment.paymentId, receipt)) ?? payment;
}

/** What a receipt issued now would carry from the merchant's current settings (docs/decisions.md #97). */
export function receiptTaxNow(merchant: MerchantRecord | undefined): ReceiptTax {
  const tax = merchant ? taxSettingsOf(merchant) : undefined;
  return {
    gstRegistered: tax?.gstRegistered === true,
    gstNumber: tax?.gstRegistered ? tax.gstNumber : null,
    supplierName: supplierNameOf(merchant),
    address: tax?.address ?? null,
    tipTreatment: tax?.tipTreatment ?? DEFAULT_TIP_TREATMENT,
    showSmallReceiptGst: tax?.showSmallReceiptGst ?? DEFAULT_SHOW_SMALL_RECEIPT_GST,
    timeZone: merchant?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/**
 * The time zone a receipt is dated in: the merchant's when it was issued (docs/decisions.md #104), so a
 * later move of Settings' time zone never re-dates a tax document nor moves it to another GST period; the
 * merchant's zone now only for a receipt issued before the zone was kept with it.
 */
export function receiptTimeZone(
  payment: Pick<PaymentRecord, 'receiptTax'>,
  merchant: Pick<MerchantRecord, 'timeZone'> | undefined,
): string {
  return payment.receiptTax?.timeZone ?? merchant?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The tax settings a payment's receipt was issued under: those kept with its receipt number, or — for a
 * payment receipted before they were kept — the merchant's settings as they are now (docs/decisions.md #97).
 */
export function receiptTaxOf(payment: Pick<PaymentRecord, 'receiptTax'>, merchant: MerchantRecord | undefined) {
  return payment.receiptTax ?? receiptTaxNow(merchant);
}

/**
 * The instant a receipt is dated: when the card was charged (the charge's `created`), which is the time of
 * supply the payer saw; when Paylink learned of it only for payments recorded before the charge's time was
 * kept (docs/decisions.md #122).
 */
export function receiptInstant(payment: Pick<PaymentRecord, 'chargedAt' | 'settledAt' | 'createdAt'>): string {
  return payment.chargedAt ?? payment.settledAt ?? payment.createdAt;
}

/**
 * The receipt page's address as anyone may hold it (the success page's): the payer's details masked
 * (docs/decisions.md #132).
 */
export function receiptPath(payment: Pick<PaymentRecord, 'receiptToken'>): string | null {
  return payment.receiptToken ? `/r/${payment.receiptToken}` : null;
}

/**
 * The receipt page's address with its key, in full: only in what Paylink sends the payer's own address
 * (the receipt and refund emails) and shows the signed-in merchant.
 */
export function fullReceiptPath(payment: Pick<PaymentRecord, 'receiptToken' | 'receiptKey'>): string | null {
  const path = receiptPath(payment);
  return path && payment.receiptKey ? `${path}?k=${payment.receiptKey}` : path;
}

/** Whether `key` (the page's `?k=`) is the payment's receipt key; compared in constant time. */
export function opensFullReceipt(payment: Pick<PaymentRecord, 'receiptKey'>, key: string | undefined): boolean {
  if (!payment.receiptKey || !key) return false;
  const [expected, given] = [Buffer.from(payment.receiptKey), Buffer.from(key)];
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The receipt as someone holding only its address sees it (docs/decisions.md #132): the supplier,
 * the sale, its GST and corrections — what makes it a receipt — with the payer's name shortened, their
 * email masked and their answers and phone left out. The full copy is the one emailed to the payer.
 */
export function maskedReceiptView(view: ReceiptView): ReceiptView {
  return {
    ...view,
    recipient: view.recipient && { name: shortName(view.recipient.name), email: maskedEmail(view.recipient.email) },
    answers: [],
  };
}

/**
 * A receipt's words, shared by the receipt page, its PDF and the receipt email so they never disagree: the
 * PDF's document (shared/receipt-document.ts) less the page's footer.
 */
export type ReceiptView = Omit<ReceiptDocument, 'footer'>;

/** Supply correction information for one refund of a registered merchant's payment (docs/decisions.md #64). */
export interface SupplyCorrection {
  supplierName: string;
  gstNumber: string | null;
  originalReceiptNumber: number | null;
  date: string;
  refundCents: number;
  /** The part of the refund that lowered the GST-inclusive supply (a tip outside it is not). */
  supplyCents: number;
  /** The GST the refund takes back: the GST in `supplyCents` (docs/decisions.md #119). */
  gstCorrectionCents: number;
}

/** Succeeded refunds in the order Paylink learned of them. */
export function succeededRefunds(payment: PaymentRecord): StoredRefund[] {
  return Object.values(payment.refunds ?? {})
    .filter((refund) => refund.status === 'succeeded')
    .sort(
      (a, b) =>
        (a.position ?? 0) - (b.position ?? 0) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.refundId.localeCompare(b.refundId),
    );
}

/**
 * What each succeeded refund corrects, by refund id: the part of it that lowered the supply and the GST in
 * that part (docs/decisions.md #119). A refund of just the tip, when tips are outside the supply,
 * corrects nothing; a full refund gives back the whole supply.
 */
export function refundCorrections(
  payment: PaymentRecord,
  tips: TipGstTreatment,
): Map<string, { supplyCents: number; gstCents: number }> {
  const parts = refundSupplyParts(payment, tips, succeededRefunds(payment));
  // A zero-rated sale's refund lowers its supply and takes back no GST (#136).
  const treatment = gstTreatmentOf(payment) === 'zero-rated' ? 'zero-rated' : 'standard';
  return new Map(
    [...parts].map(([refundId, supplyCents]) => [
      refundId,
      { supplyCents, gstCents: refundGstCents(supplyCents, treatment) },
    ]),
  );
}

function supplierNameOf(merchant: MerchantRecord | undefined): string {
  return merchant?.tax?.legalName ?? merchant?.companyName ?? merchant?.fullName ?? 'Paylink merchant';
}

/** `instant` as a receipt writes its dates, in the zone the receipt was issued in. */
function dateIn(timeZone: string, instant: string): string {
  return dateTimeFormat('en-NZ', { timeZone, dateStyle: 'long' }).format(new Date(instant));
}

/**
 * The correction a refund of a registered merchant's payment needs; null when the merchant is not registered,
 * or the refund gave back only a tip outside the supply.
 */
export function supplyCorrection(
  payment: PaymentRecord,
  refund: StoredRefund,
  merchant: MerchantRecord | undefined,
): SupplyCorrection | null {
  // The original receipt's settings (#97): the correction undoes what that receipt said, in its words.
  const tax = receiptTaxOf(payment, merchant);
  const gst = paymentGst(tax, payment);
  if (!gst) return null;
  const correction = refundCorrections(payment, tax.tipTreatment).get(refund.refundId);
  // Giving back only a tip outside the supply changes no taxable supply: there is nothing to correct (#119).
  if (correction?.supplyCents === 0) return null;
  return {
    supplierName: tax.supplierName,
    gstNumber: tax.gstNumber ? formatGstNumber(tax.gstNumber) : null,
    originalReceiptNumber: payment.receiptNumber ?? null,
    // Dated in the receipt's zone: the correction belongs to that receipt and its GST period (#104).
    date: dateIn(receiptTimeZone(payment, merchant), refund.createdAt),
    refundCents: refund.amountCents,
    supplyCents: correction?.supplyCents ?? 0,
    gstCorrectionCents: correction?.gstCents ?? 0,
  };
}

/** What the payer told the merchant on Checkout, in the order asked, for the receipt page and email. */
export function answersOfPayment(payment: Pick<PaymentRecord, 'customFields' | 'payerPhone'>): [string, string][] {
  return [
    ...(payment.customFields ?? []).map((answer): [string, string] => [answer.label, answer.value]),
    ...(payment.payerPhone ? [['Phone', phoneForReading(payment.payerPhone)] as [string, string]] : []),
  ];
}

/** The receipt's GST sentence: the GST the price includes, or that the sale is zero-rated (GST 0%). */
function gstStatementOf(gst: PaymentGst, tipOutside: boolean, money: (cents: number) => string): string {
  if (gst.treatment === 'zero-rated') {
    return tipOutside
      ? `The price of ${money(gst.supplyCents)} is zero-rated: GST 0%, ${money(0)}; the tip is not part of it.`
      : `Zero-rated supply: GST 0%, ${money(0)}`;
  }
  return tipOutside
    ? `The price of ${money(gst.supplyCents)} includes GST ${money(gst.gstCents)}; the tip is not part of it.`
    : `The total includes GST ${money(gst.gstCents)}`;
}

export function receiptView(payment: PaymentRecord, merchant: MerchantRecord | undefined): ReceiptView {
  // As issued (#97), dated in the zone it was issued in (#104).
  const tax = receiptTaxOf(payment, merchant);
  const timeZone = receiptTimeZone(payment, merchant);
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const gst = paymentGst(tax, payment);
  const corrections = refundCorrections(payment, tax.tipTreatment);
  const tipOutside = gst !== null && payment.tipCents > 0 && gst.supplyCents !== payment.totalCents;
  // Over $200, a zero-rated sale, or $200 or less when the receipt was issued to show it (#136, #176).
  const showsGst = receiptStatesGst(gst, tax);
  const lines: [string, string][] = [
    [payment.linkTitle, money(payment.baseCents)],
    ...(payment.tipCents > 0
      ? [
          [
            tipOutside ? `${AMOUNT_WORDS.tip} (not part of the GST-inclusive price)` : AMOUNT_WORDS.tip,
            money(payment.tipCents),
          ] as [string, string],
        ]
      : []),
  ];
  return {
    supplierName: tax.supplierName,
    supplierAddress: tax.gstRegistered ? tax.address : null,
    gstNumber: showsGst && tax.gstNumber ? formatGstNumber(tax.gstNumber) : null,
    receiptNumber: payment.receiptNumber ?? null,
    date: dateIn(timeZone, receiptInstant(payment)),
    description: payment.linkDescription ? `${payment.linkTitle}: ${payment.linkDescription}` : payment.linkTitle,
    lines,
    totalText: money(payment.totalCents),
    gstStatement: showsGst ? gstStatementOf(gst, tipOutside, money) : null,
    recipient:
      gst?.tier === 'recipient' ? { name: payment.payerName ?? null, email: payment.payerEmail ?? null } : null,
    answers: answersOfPayment(payment),
    corrections: succeededRefunds(payment).map((refund) => {
      const part = corrections.get(refund.refundId);
      const correction = gst && part && part.supplyCents > 0 ? part.gstCents : null;
      return {
        date: dateIn(timeZone, refund.createdAt),
        refundText: money(refund.amountCents),
        // Supply correction information names the supplier's GST number whatever the receipt's amount.
        gstText:
          correction === null
            ? null
            : `GST corrected by ${money(correction)}${tax.gstNumber ? ` (GST number ${formatGstNumber(tax.gstNumber)})` : ''}`,
      };
    }),
  };
}
