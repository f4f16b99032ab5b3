import type { ReactNode } from 'react';
import { BrandHomeLink } from './brand-home-link';

/**
 * The frame of the signed-out pages that are not the landing page (sign-in, sign-up, email links):
 * a quiet header with the logo, the page on the light surface.
 */
export function PublicPageShell({ children, headerAside }: { children: ReactNode; headerAside?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandHomeLink />
          {headerAside}
        </div>
      </header>
      <main id="main" className="flex-1 py-8 sm:py-12">
        {/* The same width and gutters as the header, so the page lines up under the logo. */}
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">{children}</div>
      </main>
    </div>
  );
}
