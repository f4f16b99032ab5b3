import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PublicPageShell } from '@web/components/public-page-shell';
import { legalStrings, pageTitle } from '../legal-strings';
import { legalPageDescriptions } from '../page-descriptions';
import { PageDescription } from '@web/components/page-description';
import { PageTitle } from '@web/components/page-title';

/**
 * The frame every legal and support page shares: the public shell, the tab's name (<PageTitle>), a readable
 * column, and links to the sibling pages at the foot.
 */
export function LegalPageLayout({ title, children }: { title: string; children: ReactNode }) {
  const description = legalPageDescriptions[useLocation().pathname.replace(/\/$/, '')];
  return (
    <PublicPageShell>
      <PageTitle>{pageTitle(title)}</PageTitle>
      {description ? <PageDescription content={description} /> : null}
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-10">
        {children}
        <nav aria-label={legalStrings.related.label} className="border-t border-border pt-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {legalStrings.related.links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-md text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </PublicPageShell>
  );
}
