import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { landingStrings } from '../landing-strings';
import { PaymentPagePreview } from './payment-page-preview';

const strings = landingStrings.hero;

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-surface to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-6">
          <Badge variant="brand">{strings.eyebrow}</Badge>
          <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {strings.heading}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">{strings.body}</p>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:gap-4">
            <Button asChild size="lg">
              <Link to="/signup">{strings.startTrial}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">{strings.seeHowItWorks}</a>
            </Button>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {strings.reassurances.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-primary" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="pb-6">
          <PaymentPagePreview />
        </div>
      </div>
    </section>
  );
}
