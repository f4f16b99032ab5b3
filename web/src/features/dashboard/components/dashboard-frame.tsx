import type { ReactNode } from 'react';
import { BRAND_NAME } from '@shared/brand';
import { dashboardFrameStrings } from '../dashboard-frame-strings';

/** Marks the frame's outer element: the entry finds by it the frame the dashboard's shell arrived with. */
const FRAME_ATTRIBUTE = 'data-dashboard-frame';

/** Whether `container` holds the frame drawn in the page's HTML (web/page-shells.ts, docs/decisions.md #295). */
export function holdsDashboardFrame(container: Element): boolean {
  return container.firstElementChild?.hasAttribute(FRAME_ATTRIBUTE) === true;
}

/**
 * The dashboard shell's frame (dashboard-shell.tsx) — its header on a phone, its sidebar from 1024 px —
 * with a spinner where the page goes. The dashboard home's HTML arrives with it drawn, and the entry adopts it;
 * on another /dashboard address the entry draws it the moment it runs with a session record, before the app's
 * code, Amplify or any data has arrived; the guard draws it while it reads the session (docs/decisions.md #102,
 * #180, #295): the first paint is the frame the shell then takes over in the same places. Free of the router, the query client, cn and lucide-react (its two icons are
 * drawn inline, as lucide draws them): it is part of the entry, which every page loads.
 */
export function DashboardFrame() {
  return (
    <div {...{ [FRAME_ATTRIBUTE]: '' }} className="min-h-dvh bg-surface">
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
        <main className="mx-auto flex w-full max-w-5xl flex-1 items-center justify-center px-4 py-8 sm:px-8">
          <span role="status" className="inline-flex items-center text-primary">
            <LucideSvg className="size-8 animate-delayed-spin">
              <path d="M21 12a9 9 0 1 1-6.219-8.56" />
            </LucideSvg>
            <span className="sr-only">{dashboardFrameStrings.loading}</span>
          </span>
        </main>
      </div>
    </div>
  );
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
