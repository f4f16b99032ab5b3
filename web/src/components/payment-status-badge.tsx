import type { MoneyState } from '@shared/contracts/payments';
import { statusDisplayOf, statusGroupOf, type StatusGroup } from '@shared/payment-status-display';
import { Badge } from './ui/badge';

const VARIANT_OF_GROUP = {
  approved: 'success',
  pending: 'warning',
  denied: 'destructive',
  refunded: 'neutral',
  partially_refunded: 'outline',
  disputed: 'destructive',
  open: 'outline',
  abandoned: 'neutral',
} as const satisfies Record<StatusGroup, string>;

/**
 * A payment's status in the screens' words: Approved green, Pending amber, Denied red; after the sale
 * (docs/decisions.md #19) Refunded, Partially refunded, and Disputed red; a checkout the payer opened
 * (Checkout open) or left (Abandoned, docs/decisions.md #30) quiet. Any other status stays neutral.
 */
export function PaymentStatusBadge({ status, moneyState }: { status: string; moneyState?: MoneyState | null }) {
  const group = statusGroupOf(status, moneyState);
  return <Badge variant={group ? VARIANT_OF_GROUP[group] : 'neutral'}>{statusDisplayOf(status, moneyState)}</Badge>;
}
