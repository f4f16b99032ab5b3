import { QrCode } from 'lucide-react';
import { ComingSoonCard } from '../../../components/coming-soon-card';
import { PageHeader } from '../../../components/page-header';
import { paymentLinksStrings as strings } from '../payment-links-strings';

/** /dashboard/create-link. The create, manage and QR tabs (spec §2) arrive with the payment-links issue. */
export function PaymentLinksPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <ComingSoonCard icon={QrCode} message={strings.comingSoon} />
    </div>
  );
}
