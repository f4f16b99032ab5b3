import { Menu, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { BrandLogo } from '@web/components/brand-logo';
import { BRAND_NAME } from '@shared/brand';
import { Button } from '@web/components/ui/button';
import { landingStrings } from '../landing-strings';
import { connectSiteMenu, SITE_HEADER_ID, SITE_MENU_ID } from '../site-menu';

const strings = landingStrings.nav;

const sectionLinks = [
  { href: '#how-it-works', label: strings.howItWorks },
  { href: '#pricing', label: strings.pricing },
  { href: '#business', label: strings.forBusiness },
];

/**
 * Sticky top bar; on small screens the section links and buttons fold into a toggled menu.
 *
 * Its links are plain links (/login and /signup are prerendered pages of their own), and the menu's
 * toggling is plain DOM behaviour (site-menu.ts, docs/decisions.md #90, #111): the prerendered landing page
 * connects it from a small island with no React, and a header drawn by the app connects it once mounted. So
 * nothing here holds state: React draws the menu folded and the button disabled, and never redraws them.
 */
export function SiteHeader() {
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => (headerRef.current ? connectSiteMenu(headerRef.current) : undefined), []);

  return (
    <header
      ref={headerRef}
      id={SITE_HEADER_ID}
      className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur"
    >
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
          className="group md:hidden"
          aria-label={strings.openMenu}
          data-open-label={strings.openMenu}
          data-close-label={strings.closeMenu}
          aria-expanded={false}
          aria-controls={SITE_MENU_ID}
          // Enabled by connectSiteMenu, once a tap can open the menu.
          disabled
        >
          <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
          <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
        </Button>
      </div>

      <div id={SITE_MENU_ID} hidden className="border-t border-border bg-background md:hidden">
        <nav aria-label={strings.label} className="px-4 py-4">
          <ul className="flex flex-col">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
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
            <a href="/login">{strings.login}</a>
          </Button>
          <Button asChild size="lg">
            <a href="/signup">{strings.getStarted}</a>
          </Button>
        </div>
      </div>
    </header>
  );
}
