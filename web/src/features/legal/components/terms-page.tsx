import { legalStrings } from '../legal-strings';
import { LegalDocumentPage } from './legal-document-page';

/** /terms: the Terms of Service. */
export function TermsPage() {
  return <LegalDocumentPage document={legalStrings.terms} />;
}
