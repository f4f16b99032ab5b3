import { legalStrings } from '../legal-strings';
import { LegalDocumentPage } from './legal-document-page';

/** /privacy: the Privacy Policy under the Privacy Act 2020. */
export function PrivacyPage() {
  return <LegalDocumentPage document={legalStrings.privacy} />;
}
