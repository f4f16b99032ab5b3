import { legalStrings } from '../legal-strings';
import { LegalDocumentPage } from './legal-document-page';

/** /stripe-disclaimer: Paylink is not Stripe; Stripe's terms govern the Stripe account. */
export function StripeDisclaimerPage() {
  return <LegalDocumentPage document={legalStrings.stripeDisclaimer} />;
}
