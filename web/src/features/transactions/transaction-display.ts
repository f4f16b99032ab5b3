/**
 * How a payment reads on the Transactions screen: dates dd/MM/yyyy HH:mm in the merchant's time zone
 * (spec §9, DECISIONS.md row 12), short ids, the status badge's colour and the payment method.
 */
import type { PaymentDetail } from '../../../../shared/contracts/payments';
import { statusGroupOf } from '../../../../shared/payment-status-display';
import type { BadgeProps } from '../../components/ui/badge';

/** Ids are shown by their first 8 characters (spec §2); the copy button copies the whole id. */
const SHORT_ID_LENGTH = 8;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-NZ', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

function partsOf(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    dateTimeFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

/** '14/03/2026 09:05' for an ISO instant, as the clock read in `timeZone`. */
export function formatDateTime(iso: string, timeZone: string): string {
  const { day, month, year, hour, minute } = partsOf(new Date(iso), timeZone);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** Today's date in `timeZone` as yyyy-MM-dd (the export's file name). */
export function todayIn(timeZone: string, now = new Date()): string {
  const { day, month, year } = partsOf(now, timeZone);
  return `${year}-${month}-${day}`;
}

export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** Approved reads green, Pending amber, Denied red; a status the mapping does not know stays neutral. */
export function statusBadgeVariant(status: string): BadgeProps['variant'] {
  switch (statusGroupOf(status)) {
    case 'approved':
      return 'success';
    case 'pending':
      return 'warning';
    case 'denied':
      return 'destructive';
    default:
      return 'neutral';
  }
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
