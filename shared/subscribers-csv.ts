/**
 * The Subscribers screen's CSV (issue 45): one row per subscriber as the screen shows it, built in the browser
 * from GET /api/me/subscribers. Payer-typed text is made inert as in the transactions CSV.
 */
import type { Subscriber, SubscriberStatus } from './contracts/subscribers';
import { formatDate } from './format-date';
import { REPEAT_LABELS } from './recurring';
import { centsToCsvAmount, quoted, textCell } from './transactions-csv';

export const SUBSCRIBER_STATUS_WORDS: Record<SubscriberStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

const HEADER = [
  'Started',
  'Payer',
  'Email',
  'Link',
  'Amount',
  'Currency',
  'Repeats',
  'Payments made',
  'Payments planned',
  'Status',
  'Next payment',
  'Ended because',
];

export function subscribersCsv(subscribers: readonly Subscriber[], timeZone: string): string {
  const rows = subscribers.map((subscriber) =>
    [
      formatDate(subscriber.createdAt, timeZone),
      textCell(subscriber.payerName),
      textCell(subscriber.payerEmail),
      textCell(subscriber.linkTitle),
      centsToCsvAmount(subscriber.amountCents),
      subscriber.currency.toUpperCase(),
      REPEAT_LABELS[subscriber.every],
      String(subscriber.paymentsMade),
      subscriber.paymentsPlanned === null ? 'Until cancelled' : String(subscriber.paymentsPlanned),
      SUBSCRIBER_STATUS_WORDS[subscriber.status],
      subscriber.nextPaymentAt ? formatDate(subscriber.nextPaymentAt, timeZone) : '',
      textCell(subscriber.endedReason),
    ]
      .map(quoted)
      .join(','),
  );
  return [HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
