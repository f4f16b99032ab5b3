import { Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { landingStrings } from '../landing-strings';
import { SectionHeading } from './section-heading';

const strings = landingStrings.pricing;

/** The one plan, Business (only one plan is shown). */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="pricing-heading" heading={strings.heading} intro={strings.intro} />
        <Card className="relative mx-auto mt-16 max-w-md border-primary/30 shadow-md">
          <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 border-transparent bg-primary text-primary-foreground">
            <Sparkles aria-hidden="true" />
            {strings.launchOffer}
          </Badge>
          <CardHeader className="gap-4 pt-8">
            <div className="flex items-center justify-between gap-4">
              <CardTitle className="text-xl">{strings.planName}</CardTitle>
              <Badge variant="brand">{strings.trialBadge}</Badge>
            </div>
            <div>
              <p className="flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{strings.price}</span>
                <span className="text-muted-foreground">{strings.perMonth}</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{strings.afterTrial}</p>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <ul className="flex flex-col gap-4">
              {strings.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <p className="rounded-lg bg-muted p-4 text-sm text-muted-foreground">{strings.feeNote}</p>
          </CardContent>
          <CardFooter>
            <Button asChild size="lg" className="w-full">
              <Link to="/signup?plan=business">{strings.startTrial}</Link>
            </Button>
          </CardFooter>
        </Card>
      </div>
    </section>
  );
}
