import { PageHeader } from '../../../components/page-header';

/** /dashboard/print-materials — the Materials Kit: an A4 poster and an A6 table card for a link, as PDFs. */
export function PrintMaterialsPage() {
  return <PageHeader title="QR Codes for Print" description="Posters and table cards for your payment links." />;
}
