/**
 * How a payment reads on the Transactions screen: the payment method, and its refunds and
 * dispute in plain words. Its dates come from
 * shared/format-date.ts, as the CSV export's do.
 */
import type { PaymentDetail, Refund } from '@shared/contracts/payments';
import { transactionsStrings } from './transactions-strings';

/** 'visa' → 'Visa', 'american_express' → 'American Express'. */
function titleCase(text: string): string {
  return text
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The card brand and last 4 digits, else the method type, or null when Stripe has not said. */
export function paymentMethodText(
  detail: Pick<PaymentDetail, 'cardBrand' | 'cardLast4' | 'paymentMethodType'>,
  card: (brand: string, last4: string) => string,
): string | null {
  if (detail.cardBrand && detail.cardLast4) return card(titleCase(detail.cardBrand), detail.cardLast4);
  const type = detail.paymentMethodType;
  if (type) return transactionsStrings.detail.methodNames[type] ?? titleCase(type);
  return null;
}

/** A code Stripe may add after these words were written ('some_new_reason') → 'Some new reason'. */
function sentenceOf(code: string): string {
  const words = code.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** A refund's status in plain words: 'Refunded', 'Pending', 'Failed: <why>', 'Cancelled'. */
export function refundStatusText(refund: Pick<Refund, 'status' | 'failureReason'>): string {
  const words = transactionsStrings.refundStatus;
  switch (refund.status) {
    case 'succeeded':
      return words.succeeded;
    case 'pending':
    case 'requires_action':
      return words.pending;
    case 'canceled':
      return words.canceled;
    case 'failed':
      return words.failed(
        refund.failureReason
          ? (transactionsStrings.refundFailureReasons[refund.failureReason] ?? sentenceOf(refund.failureReason))
          : null,
      );
    default:
      return sentenceOf(refund.status);
  }
}

export function disputeStatusText(status: string): string {
  return transactionsStrings.disputeStatus[status] ?? sentenceOf(status);
}

export function disputeReasonText(reason: string): string {
  return transactionsStrings.disputeReasons[reason] ?? sentenceOf(reason);
}

/** Stripe waits for the merchant's evidence in these statuses; the others are out of their hands. */
export function disputeNeedsResponse(status: string): boolean {
  return status === 'needs_response' || status === 'warning_needs_response';
}
