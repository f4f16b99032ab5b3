import { House, Lock, ScanLine, Store, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import { NavLink, Outlet } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { consumerStrings } from '../consumer-strings';
import type { ConsumerContext } from './consumer-context';

const strings = consumerStrings.nav;

const BOTTOM_NAV: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/consumer/dashboard', label: strings.home, icon: House },
  { to: '/consumer/wallet', label: strings.wallet, icon: Wallet },
  { to: '/consumer/scanner', label: strings.scanner, icon: ScanLine },
];

const headerLink =
  'inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:text-primary';

/** The demo's frame: a phone-width column, a top bar (marketplace, profile, lock) and the bottom navigation. */
export function ConsumerShell({ context }: { context: ConsumerContext }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="sticky top-0 z-10 border-b border-border bg-background">
        <div className="mx-auto flex h-14 w-full max-w-2xl items-center justify-between gap-2 px-4">
          <div className="flex items-center gap-2">
            <span className="font-semibold">{consumerStrings.appName}</span>
            <Badge variant="brand">{consumerStrings.demoBadge}</Badge>
          </div>
          <nav aria-label={consumerStrings.appName} className="flex items-center gap-1">
            <NavLink
              to="/consumer/marketplace"
              aria-label={strings.marketplace}
              title={strings.marketplace}
              className={headerLink}
            >
              <Store aria-hidden="true" className="size-5" />
            </NavLink>
            <NavLink to="/consumer/profile" aria-label={strings.profile} title={strings.profile} className={headerLink}>
              <UserRound aria-hidden="true" className="size-5" />
            </NavLink>
            <button
              type="button"
              onClick={context.lock}
              aria-label={strings.lock}
              title={strings.lock}
              className={headerLink}
            >
              <Lock aria-hidden="true" className="size-5" />
            </button>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 pt-6 pb-28">
        <Outlet context={context} />
      </main>
      <nav
        aria-label={strings.label}
        className="fixed inset-x-0 bottom-0 z-10 border-t border-border bg-background pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="mx-auto grid max-w-2xl grid-cols-3">
          {BOTTOM_NAV.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
