import type { ReactNode } from 'react';
import { BRAND_NAME } from '@shared/brand';
import { dashboardFrameStrings, isNewMerchant } from '../dashboard-frame-strings';

/**
 * The dashboard shell's frame (dashboard-shell.tsx) — its header on a phone, its sidebar from 1024 px —
 * with a spinner where the page goes; on the home, once the profile's early read has answered, the home's
 * heading and loading words instead (docs/decisions.md #108). The entry draws it the moment it runs on a /dashboard address
 * with a stored session, before the app's code, Amplify or any data has arrived, and the guard draws it
 * while it reads the session (docs/decisions.md #102): the first paint is the frame the shell then takes
 * over in the same places. Free of the router, the query client, cn and lucide-react (its two icons are
 * drawn inline, as lucide draws them): it is part of the entry, which every page loads.
 */
export function DashboardFrame({ heading }: { heading?: string }) {
  return (
    <div className="min-h-dvh bg-surface">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-border bg-background lg:flex">
        <div className="flex h-16 shrink-0 items-center border-b border-border px-6">
          <Brand />
        </div>
      </aside>
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-border bg-background px-2 sm:px-4 lg:hidden">
          {/* Where the shell's menu button goes. */}
          <span aria-hidden="true" className="size-10 shrink-0" />
          <Brand />
        </header>
        {heading ? (
          // The home's heading where the home draws it (PageHeader), with its loading words below.
          <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-8">
            <div className="flex flex-col gap-6">
              <div className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-3">
                  <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{heading}</h1>
                </div>
              </div>
              <div role="status" className="flex items-center gap-3 py-8 text-muted-foreground">
                <LucideSvg className="size-5 animate-spin text-primary">
                  <path d="M21 12a9 9 0 1 1-6.219-8.56" />
                </LucideSvg>
                <span>{dashboardFrameStrings.loading}</span>
              </div>
            </div>
          </main>
        ) : (
          <main className="mx-auto flex w-full max-w-5xl flex-1 items-center justify-center px-4 py-8 sm:px-8">
            <span role="status" className="inline-flex items-center text-primary">
              <LucideSvg className="size-8 animate-spin">
                <path d="M21 12a9 9 0 1 1-6.219-8.56" />
              </LucideSvg>
              <span className="sr-only">{dashboardFrameStrings.loading}</span>
            </span>
          </main>
        )}
      </div>
    </div>
  );
}

/**
 * The home's heading (its "Welcome, …" or "Welcome back, …", docs/decisions.md #206) from the profile's JSON as the early read
 * got it, so the frame can draw the page's largest text before the app's code has arrived
 * (docs/decisions.md #108): the same words the home draws there from the same answer. `undefined` when the
 * answer is not a profile; the app's own reading (the contract) decides everything else.
 */
export function homeHeadingFrom(profile: unknown): string | undefined {
  if (typeof profile !== 'object' || profile === null) return undefined;
  const { merchantId, companyName, fullName, createdAt } = profile as Record<string, unknown>;
  if (typeof merchantId !== 'string' || typeof fullName !== 'string' || typeof createdAt !== 'string') return undefined;
  const names = { companyName: typeof companyName === 'string' ? companyName : null, fullName };
  if ((names.companyName ?? fullName) === '') return undefined;
  return dashboardFrameStrings.welcome(names, isNewMerchant(createdAt));
}

/** BrandLogo's mark and name, without its cn (tailwind-merge), which the entry does not carry. */
function Brand() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight">
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <LucideSvg className="size-5">
          <rect width="5" height="5" x="3" y="3" rx="1" />
          <rect width="5" height="5" x="16" y="3" rx="1" />
          <rect width="5" height="5" x="3" y="16" rx="1" />
          <path d="M21 16h-3a2 2 0 0 0-2 2v3M21 21v.01M12 7v3a2 2 0 0 1-2 2H7M3 12h.01M12 3h.01M12 16v.01M16 12h1M21 12v.01M12 21v-1" />
        </LucideSvg>
      </span>
      {BRAND_NAME}
    </span>
  );
}

/** A lucide icon's frame (24 px grid, 2 px round strokes), decorative. */
function LucideSvg({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
