import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BrandLogo } from '@web/components/brand-logo';
import { BRAND_NAME } from '@shared/brand';
import { Button } from '@web/components/ui/button';
import { useHydrated } from '@web/lib/hydration';
import { landingStrings } from '../landing-strings';

const strings = landingStrings.nav;

const sectionLinks = [
  { href: '#how-it-works', label: strings.howItWorks },
  { href: '#pricing', label: strings.pricing },
  { href: '#business', label: strings.forBusiness },
];

/** The element the landing page's header is drawn in, which its island hydrates (landing-island.tsx). */
export const SITE_HEADER_ISLAND_ID = 'site-header';

/** One header per page: a fixed id, the same in the page's markup and in its island (useId's would differ). */
const menuId = 'site-menu';

/**
 * Sticky top bar; on small screens the section links and buttons fold into a toggled menu.
 *
 * An island of its own (docs/decisions.md #90): hydrated alone on the prerendered landing page, without the
 * router, so its links are plain links (/login and /signup are prerendered pages of their own).
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" aria-label={`${BRAND_NAME} home`} className="inline-flex rounded-lg">
          <BrandLogo />
        </a>

        <nav aria-label={strings.label} className="hidden md:block">
          <ul className="flex items-center gap-8">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <a href="/login">{strings.login}</a>
          </Button>
          <Button asChild>
            <a href="/signup">{strings.getStarted}</a>
          </Button>
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={menuOpen ? strings.closeMenu : strings.openMenu}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          // The page is prerendered (lib/hydration.ts): the menu opens once React has hydrated it.
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </Button>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-border bg-background md:hidden">
        <nav aria-label={strings.label} className="px-4 py-4">
          <ul className="flex flex-col">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={closeMenu}
                  className="block rounded-md px-2 py-3 text-base font-medium text-foreground hover:bg-muted"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 px-4 pb-6">
          <Button asChild variant="outline" size="lg">
            <a href="/login" onClick={closeMenu}>
              {strings.login}
            </a>
          </Button>
          <Button asChild size="lg">
            <a href="/signup" onClick={closeMenu}>
              {strings.getStarted}
            </a>
          </Button>
        </div>
      </div>
    </header>
  );
}
