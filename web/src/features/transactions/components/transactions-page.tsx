import { ReceiptText } from 'lucide-react';
import { ComingSoonCard } from '../../../components/coming-soon-card';
import { PageHeader } from '../../../components/page-header';
import { transactionsStrings as strings } from '../transactions-strings';

/** /dashboard/transactions. The table, filters and details (spec §2) arrive with the transactions issue. */
export function TransactionsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <ComingSoonCard icon={ReceiptText} message={strings.comingSoon} />
    </div>
  );
}
