import { PageHeader } from '@web/components/page-header';
import { StripeConnectionGate } from '@web/features/stripe-connection';
import { SubscriptionGate } from '@web/features/subscription';
import { paymentLinksStrings as strings } from '../payment-links-strings';
import { PaymentLinksTabs } from './payment-links-tabs';

/**
 * /dashboard/create-link: create, manage and print payment links.
 * The plan is checked before the Stripe connection: a merchant whose trial has ended learns that first,
 * rather than connecting Stripe only to be told they cannot take payments (docs/decisions.md #11).
 */
export function PaymentLinksPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <SubscriptionGate loadingLabel={strings.checkingPlan}>
        <StripeConnectionGate>
          <PaymentLinksTabs />
        </StripeConnectionGate>
      </SubscriptionGate>
    </div>
  );
}
