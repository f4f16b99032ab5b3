import type { ConsumerTransaction } from '@shared/contracts/consumer';
import { formatDate } from '@shared/format-date';
import { Badge } from '@web/components/ui/badge';
import { consumerStrings, formatUsd } from '../consumer-strings';

const strings = consumerStrings.wallet;
/** A shopper reads dates on their own clock. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Purchases, newest first, each with the 2% cashback it earned. */
export function TransactionList({
  transactions,
  emptyText,
}: {
  transactions: ConsumerTransaction[];
  emptyText: string;
}) {
  if (transactions.length === 0) return <p className="py-4 text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="divide-y divide-border">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="flex items-center justify-between gap-4 py-3">
          <div className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{transaction.merchantName}</span>
            <span className="text-sm text-muted-foreground">
              {transaction.category} · {formatDate(transaction.createdAt, timeZone)}
            </span>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <span className="font-medium tabular-nums">−{formatUsd(transaction.amountCents)}</span>
            {transaction.status === 'pending' ? (
              <Badge variant="warning">{strings.pending}</Badge>
            ) : (
              <span className="text-sm text-emerald-800">
                {strings.cashbackOn(formatUsd(transaction.cashbackCents))}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
