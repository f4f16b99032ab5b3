import { statusDisplayOf, statusGroupOf } from '../../../shared/payment-status-display';
import { Badge } from './ui/badge';

const VARIANT_OF_GROUP = { approved: 'success', pending: 'warning', denied: 'destructive' } as const;

/** A payment's status in the screens' words: Approved green, Pending amber, Denied red; any other stays neutral. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const group = statusGroupOf(status);
  return <Badge variant={group ? VARIANT_OF_GROUP[group] : 'neutral'}>{statusDisplayOf(status)}</Badge>;
}
