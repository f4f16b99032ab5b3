import { PageHeader } from '@web/components/page-header';
import { paymentLinksStrings as strings } from '../payment-links-strings';
import { PaymentLinksTabs } from './payment-links-tabs';

/** /dashboard/create-link's heading, shown above the plan and Stripe gates too, so the merchant knows where they are. */
export function PaymentLinksHeader() {
  return <PageHeader title={strings.heading} description={strings.description} />;
}

/** /dashboard/create-link: create, manage and print payment links, once the route's gates let the merchant in. */
export function PaymentLinksPage() {
  return <PaymentLinksTabs />;
}
