import { BRAND_NAME } from '@shared/brand';
import { landingStrings } from '../landing-strings';
import { ClosingCallToAction } from './closing-call-to-action';
import { ForBusinessSection } from './for-business-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { PaymentMethodsSection } from './payment-methods-section';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ValuesSection } from './values-section';
import { PageDescription } from '@web/components/page-description';

const LANDING_DESCRIPTION = `${BRAND_NAME}: card payments for New Zealand small businesses through payment links and QR codes.`;

/** The public landing page at `/`, sections in the product's order. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The same words as index.html's tag: the landing page is what a search result for the site shows. */}
      <PageDescription content={LANDING_DESCRIPTION} />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-background px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {landingStrings.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <HeroSection />
        <HowItWorksSection />
        <PaymentMethodsSection />
        <ForBusinessSection />
        <PricingSection />
        <ValuesSection />
        <ClosingCallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
