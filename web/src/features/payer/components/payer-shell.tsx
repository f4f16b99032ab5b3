import { LockKeyhole, QrCode } from 'lucide-react';
import type { ReactNode } from 'react';
import { BRAND_NAME } from '@shared/brand';
import { payerStrings } from '../payer-strings';

/**
 * The frame of every payer page, phone first: a quiet header with the logo, one narrow column, and the
 * line that tells a payer who handles their card. Links are plain <a>: the payer's pages carry no router,
 * and the rest of the site is another app (main.tsx).
 */
export function PayerShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 w-full max-w-lg items-center px-4">
          <a href="/" aria-label={payerStrings.homeLink} className="inline-flex rounded-lg">
            {/* components/brand-logo.tsx's look; that module also holds a router link, which would bring
                react-router onto the payer's phone. */}
            <span className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight">
              <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <QrCode aria-hidden="true" className="size-5" />
              </span>
              {BRAND_NAME}
            </span>
          </a>
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-6 sm:py-12">
        <div className="mx-auto w-full max-w-lg">{children}</div>
      </main>
      <footer className="flex items-center justify-center gap-2 px-4 pb-8 text-sm text-muted-foreground">
        <LockKeyhole aria-hidden="true" className="size-4" />
        {payerStrings.securedByStripe}
      </footer>
    </div>
  );
}

/**
 * A page that is still loading, with what it is waiting for. Each state of a page names the browser tab
 * with its own <title>, which React 19 puts in <head>; one state shows at a time, so one title does.
 */
export function PayerLoading({ label, title }: { label: string; title: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-muted-foreground">
      <title>{title}</title>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary"
      />
      <span>{label}</span>
    </div>
  );
}
