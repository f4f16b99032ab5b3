import { Link } from 'react-router-dom';
import { BrandHomeLink } from '@web/components/brand-home-link';
import { landingStrings } from '../landing-strings';

const strings = landingStrings.footer;

const footerLinks = [
  { to: '/support', label: strings.support },
  { to: '/terms', label: strings.terms },
  { to: '/privacy', label: strings.privacy },
  { to: '/stripe-disclaimer', label: strings.stripeDisclaimer },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface px-4 py-12 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-start">
          <div className="flex max-w-xs flex-col gap-2">
            <BrandHomeLink />
            <p className="text-sm text-muted-foreground">{strings.tagline}</p>
          </div>
          <nav aria-label={strings.label}>
            <ul className="flex flex-col gap-x-8 gap-y-2 sm:flex-row sm:flex-wrap">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded-md text-sm text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex flex-col gap-2 border-t border-border pt-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <p>{strings.copyright(new Date().getFullYear())}</p>
          <p>{strings.poweredBy}</p>
        </div>
      </div>
    </footer>
  );
}
