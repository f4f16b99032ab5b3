/**
 * How a payment's status reads on every screen (docs/decisions.md #15: one reading, never 'Unknown'), and the
 * status groups the Transactions filter offers. One place, used by the list, the detail, the dashboard
 * and the CSV.
 */
import type { PaymentStatus } from './contracts/payment-id-and-status';

/**
 * The groups a payment shows as and the filter offers. The last three are the money after the sale
 * (docs/decisions.md #19): they take over from 'Approved' once a refund or dispute lands on a payment.
 */
export const STATUS_GROUPS = [
  'approved',
  'pending',
  'denied',
  'refunded',
  'partially_refunded',
  'disputed',
  'open',
  'abandoned',
] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];
/** A payment's money after the sale (shared/contracts/payments.ts `MoneyState`). */
export type MoneyStateGroup = Extract<StatusGroup, 'refunded' | 'partially_refunded' | 'disputed'>;

export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  approved: 'Approved',
  pending: 'Pending',
  denied: 'Denied',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
  open: 'Checkout open',
  abandoned: 'Abandoned',
};

const GROUP_OF_STATUS: Record<string, StatusGroup> = {
  approved: 'approved',
  completed: 'approved',
  succeeded: 'approved',
  pending: 'pending',
  processing: 'pending',
  denied: 'denied',
  failed: 'denied',
  // A checkout the payer opened and left (docs/decisions.md #30): not a refusal of their money.
  open: 'open',
  cancelled: 'abandoned',
  canceled: 'abandoned',
  expired: 'abandoned',
};

/**
 * The group a payment shows as: its money state when it has one, else its stored status's group
 * (case-insensitive), or undefined for a status the mapping does not know.
 */
export function statusGroupOf(status: string, moneyState?: MoneyStateGroup | null): StatusGroup | undefined {
  return moneyState ?? GROUP_OF_STATUS[status.toLowerCase()];
}

/**
 * 'Approved', 'Pending', 'Denied', 'Refunded', 'Partially refunded', 'Disputed', 'Checkout open' or
 * 'Abandoned'; an unknown status shows its own text.
 */
export function statusDisplayOf(status: string, moneyState?: MoneyStateGroup | null): string {
  const group = statusGroupOf(status, moneyState);
  return group ? STATUS_GROUP_LABELS[group] : status;
}

/**
 * What the server's query compares for a filter group: the stored statuses, and the money state the
 * payment must have (`null` = none: an 'Approved' payment is one nothing has happened to since).
 */
export const FILTER_OF_GROUP: Record<
  StatusGroup,
  { statuses: readonly PaymentStatus[]; moneyState?: MoneyStateGroup | null }
> = {
  approved: { statuses: ['succeeded'], moneyState: null },
  pending: { statuses: ['pending'] },
  denied: { statuses: ['failed'] },
  refunded: { statuses: ['succeeded'], moneyState: 'refunded' },
  partially_refunded: { statuses: ['succeeded'], moneyState: 'partially_refunded' },
  disputed: { statuses: ['succeeded'], moneyState: 'disputed' },
  open: { statuses: ['open'] },
  abandoned: { statuses: ['canceled', 'expired'] },
};

/**
 * What a list with no status filter shows (Recent Payments, Transactions, the CSV): payments, not
 * checkouts — an open or abandoned Checkout appears only under its own filter (docs/decisions.md #30).
 */
export const UNFILTERED_STATUSES: readonly PaymentStatus[] = ['pending', 'succeeded', 'failed'];
