import {
  Landmark,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  QrCode,
  ReceiptText,
  Repeat,
  Settings,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { BrandLogo } from '@web/components/brand-logo';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatMoney } from '@web/lib/format-money';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { useCurrentBusinessId } from '@web/lib/current-business';
import { RealtimeProvider } from '@web/lib/realtime/realtime-provider';
import { useStripeReturn } from '@web/features/stripe-connection';
import {
  BusinessSwitcher,
  PendingInvitation,
  sharedControlShownTo,
  teamStrings,
  useCurrentRole,
} from '@web/features/team';
import type { Role } from '@shared/roles';
import { dashboardStrings } from '../dashboard-strings';
import { useLogout } from '../hooks/use-logout';
import { phoneForReading } from '@shared/phone-number';

const strings = dashboardStrings.shell;
/** The phone's menu drawer, fetched when the menu is first opened (menu-drawer.tsx). */
const MenuDrawer = lazy(async () => ({ default: (await import('./menu-drawer')).MenuDrawer }));
const MAIN_ID = 'dashboard-main';
/** Tailwind's `lg`: from here up the sidebar stays in place; below it folds into a drawer. */
const WIDE_SCREEN_QUERY = '(min-width: 64rem)';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard home would otherwise match every page under it). */
  end?: boolean;
  /** Shown only to this role and above (the server refuses the rest, docs/decisions.md #161). */
  leastRole?: Role;
}

const navItems: NavItem[] = [
  { to: '/dashboard', label: strings.nav.home, icon: LayoutDashboard, end: true },
  { to: '/dashboard/create-link', label: strings.nav.paymentLinks, icon: QrCode },
  { to: '/dashboard/transactions', label: strings.nav.transactions, icon: ReceiptText },
  { to: '/dashboard/requests', label: strings.nav.requests, icon: Mail },
  { to: '/dashboard/subscribers', label: strings.nav.subscribers, icon: Repeat, leastRole: 'manager' },
  { to: '/dashboard/payouts', label: strings.nav.payouts, icon: Landmark, leastRole: 'owner' },
  { to: '/dashboard/settings', label: strings.nav.settings, icon: Settings, leastRole: 'owner' },
];

/**
 * The signed-in layout: a sidebar with its pages, who is signed in and
 * Logout. From 1024 px up the sidebar is always there; below that a menu button opens it as a drawer.
 * It holds the dashboard's one realtime socket, so every page under it updates as payments arrive.
 */
export function DashboardShell({ email, children }: { email: string | undefined; children: ReactNode }) {
  const announcePayment = useCallback((payment: PaymentUpdatedDetail) => {
    if (payment.status !== 'succeeded') return;
    // A refund or dispute lands on a payment that stays 'succeeded': that push refreshes the screens
    // (the provider already invalidated them) but is no new money, so no 'Payment received'.
    if (payment.change === 'money') return;
    toast.success(strings.paymentReceived, {
      // One toast per payment: a push repeated by the bus's retry (docs/decisions.md #93) replaces it.
      id: `payment-received-${payment.paymentId}`,
      description: strings.paymentReceivedDetail(
        formatMoney(payment.totalCents, payment.currency),
        payment.tipCents ? formatMoney(payment.tipCents, payment.currency) : null,
        // The payer's answers and phone (docs/decisions.md #76): shown as text, never as markup.
        [
          ...(payment.customFields ?? []).map((answer) => `${answer.label}: ${answer.value}`),
          ...(payment.payerPhone ? [strings.paymentReceivedPhone(phoneForReading(payment.payerPhone))] : []),
        ],
      ),
    });
  }, []);
  // The socket watches the business the switcher chose (docs/decisions.md #196): every member's dashboard hears its payments.
  const businessId = useCurrentBusinessId();
  return (
    <RealtimeProvider businessId={businessId} onPaymentUpdated={announcePayment}>
      <ShellLayout email={email}>{children}</ShellLayout>
    </RealtimeProvider>
  );
}

function ShellLayout({ email, children }: { email: string | undefined; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  /** Set by the first press of the menu button: the drawer's code is fetched then, and kept. */
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Stripe's onboarding returns to whichever dashboard page it began on (docs/decisions.md #87).
  useStripeReturn();

  // A drawer left open while the window widens to the full sidebar would keep trapping focus: close it.
  useEffect(() => {
    const wideScreen = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeWhenWide = () => {
      if (wideScreen.matches) setMenuOpen(false);
    };
    wideScreen.addEventListener('change', closeWhenWide);
    return () => wideScreen.removeEventListener('change', closeWhenWide);
  }, []);

  return (
    <div className="min-h-dvh bg-surface print:bg-background">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-lg bg-background px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {strings.skipToContent}
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-border bg-background lg:flex print:hidden">
        <SidebarContent email={email} />
      </aside>

      <div className="flex min-h-dvh flex-col lg:pl-64 print:pl-0">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-border bg-background px-2 sm:px-4 lg:hidden print:hidden">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="[&_svg]:size-6"
            aria-label={strings.openMenu}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <Menu aria-hidden="true" />
          </Button>
          <BrandLogo />
        </header>
        {menuWanted && (
          <Suspense fallback={null}>
            <MenuDrawer
              open={menuOpen}
              onOpenChange={setMenuOpen}
              title={strings.menuTitle}
              closeLabel={strings.closeMenu}
              returnFocusTo={menuButton}
            >
              <SidebarContent email={email} onNavigate={() => setMenuOpen(false)} />
            </MenuDrawer>
          </Suspense>
        )}

        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none sm:px-8 print:max-w-none print:p-0"
        >
          <PendingInvitation />
          {children}
        </main>
      </div>
    </div>
  );
}

function SidebarContent({ email, onNavigate }: { email: string | undefined; onNavigate?: () => void }) {
  const logout = useLogout();
  const role = useCurrentRole();
  // Until the role is known, only what every role sees.
  const shown = navItems.filter((item) => !item.leastRole || sharedControlShownTo(role, item.leastRole));
  return (
    <>
      <div className="flex h-16 shrink-0 items-center border-b border-border px-6">
        <BrandLogo />
      </div>

      <nav aria-label={strings.navLabel} className="flex-1 overflow-y-auto px-4 py-6">
        <ul className="flex flex-col gap-1">
          {shown.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-primary-soft text-primary'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        {role && shown.length < navItems.length ? (
          <p className="mt-4 px-3 text-xs text-muted-foreground">{teamStrings.hidden(role)}</p>
        ) : null}
      </nav>

      <div className="flex flex-col gap-4 border-t border-border p-4">
        <BusinessSwitcher />
        <SignedInAccount email={email} />
        <Button variant="outline" className="w-full" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? strings.loggingOut : strings.logout}
        </Button>
      </div>
    </>
  );
}

/**
 * The session's email, or the profile's when the session has none. The profile is read here, not by the
 * shell: its answer then redraws these few lines, not the whole shell in one long task (docs/decisions.md #108).
 */
function SignedInAccount({ email: sessionEmail }: { email: string | undefined }) {
  const profile = useMerchantProfile();
  const email = sessionEmail ?? profile.data?.email;
  if (!email) return null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
      >
        {email.charAt(0).toUpperCase()}
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="text-xs text-muted-foreground">{strings.signedInAs}</span>
        <span className="truncate text-sm font-medium" title={email}>
          {email}
        </span>
      </div>
    </div>
  );
}
