/**
 * How a payment reads on the Transactions screen: short ids and the payment method. Its dates come from
 * shared/format-date.ts, as the CSV export's do.
 */
import type { PaymentDetail } from '../../../../shared/contracts/payments';

/** Ids are shown by their first 8 characters (spec §2); the copy button copies the whole id. */
const SHORT_ID_LENGTH = 8;

export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** 'visa' → 'Visa', 'american_express' → 'American Express'. */
function titleCase(text: string): string {
  return text
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The card brand and last 4 digits, else the method type (spec §2), or null when Stripe has not said. */
export function paymentMethodText(
  detail: Pick<PaymentDetail, 'cardBrand' | 'cardLast4' | 'paymentMethodType'>,
  card: (brand: string, last4: string) => string,
): string | null {
  if (detail.cardBrand && detail.cardLast4) return card(titleCase(detail.cardBrand), detail.cardLast4);
  if (detail.paymentMethodType) return titleCase(detail.paymentMethodType);
  return null;
}
