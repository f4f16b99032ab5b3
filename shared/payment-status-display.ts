/**
 * How a payment's status reads on every screen (DECISIONS.md row 15: the spec's first reading), and the
 * status groups the Transactions filter offers. One place, used by the list, the detail, the dashboard
 * and the CSV.
 */
import type { PaymentStatus } from './contracts/checkout';

export type StatusGroup = 'approved' | 'pending' | 'denied';

export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  approved: 'Approved',
  pending: 'Pending',
  denied: 'Denied',
};

const GROUP_OF_STATUS: Record<string, StatusGroup> = {
  approved: 'approved',
  completed: 'approved',
  succeeded: 'approved',
  pending: 'pending',
  processing: 'pending',
  denied: 'denied',
  failed: 'denied',
  cancelled: 'denied',
  canceled: 'denied',
  expired: 'denied',
};

/** The group a stored status belongs to (case-insensitive), or undefined for a status the mapping does not know. */
export function statusGroupOf(status: string): StatusGroup | undefined {
  return GROUP_OF_STATUS[status.toLowerCase()];
}

/** 'Approved', 'Pending' or 'Denied'; any other status shows its own text. */
export function statusDisplayOf(status: string): string {
  const group = statusGroupOf(status);
  return group ? STATUS_GROUP_LABELS[group] : status;
}

/** The stored statuses a filter group matches (what the server's query compares with). */
export const STATUSES_OF_GROUP: Record<StatusGroup, readonly PaymentStatus[]> = {
  approved: ['succeeded'],
  pending: ['pending'],
  denied: ['failed', 'canceled', 'expired'],
};
