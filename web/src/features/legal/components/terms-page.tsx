import { legalStrings } from '../legal-strings';
import { LegalDocumentPage } from './legal-document-page';

/** /terms (spec §2 route table): the Terms of Service. */
export function TermsPage() {
  return <LegalDocumentPage document={legalStrings.terms} />;
}
