import { BookOpen, ChevronRight, FileText, QrCode, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const words = dashboardStrings.home.materialsKit;

const items: { to: string; icon: LucideIcon; title: string; detail: string }[] = [
  { to: '/dashboard/print-materials', icon: QrCode, title: words.qrCodesForPrint, detail: words.qrCodesForPrintDetail },
  {
    to: '/dashboard/setup-guide',
    icon: BookOpen,
    title: words.businessSetupGuide,
    detail: words.businessSetupGuideDetail,
  },
  {
    to: '/dashboard/payment-templates',
    icon: FileText,
    title: words.paymentTemplates,
    detail: words.paymentTemplatesDetail,
  },
];

/** Materials Kit: print QR codes, the printable setup guide, and one-click payment templates. */
export function MaterialsKitCard() {
  return (
    <DashboardCard title={words.title} description={words.description}>
      <ul className="flex flex-col gap-2">
        {items.map(({ to, icon: Icon, title, detail }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-sm font-medium">{title}</span>
                <span className="text-sm text-muted-foreground">{detail}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
