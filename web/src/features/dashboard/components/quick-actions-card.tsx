import { Link2, QrCode, ReceiptText, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.quickActions;

const actions: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/dashboard/create-link', label: strings.createLink, icon: Link2 },
  // The Payment Links screen keeps its open tab in `?tab=`: this opens the QR generator directly.
  { to: '/dashboard/create-link?tab=qr', label: strings.generateQr, icon: QrCode },
  { to: '/dashboard/transactions', label: strings.viewTransactions, icon: ReceiptText },
];

/** Quick Actions. */
export function QuickActionsCard() {
  return (
    <DashboardCard title={strings.title}>
      <ul className="flex flex-col gap-2">
        {actions.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-12 items-center gap-3 rounded-lg border border-border px-4 text-sm font-medium transition-colors hover:bg-muted"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
