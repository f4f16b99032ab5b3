import { ChartColumn, Landmark, QrCode, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { landingStrings } from '../landing-strings';
import { SectionHeading } from './section-heading';

const strings = landingStrings.forBusiness;
const featureIcons = [QrCode, Landmark, ChartColumn, ShieldCheck];

export function ForBusinessSection() {
  return (
    <section id="business" aria-labelledby="business-heading" className="bg-surface px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto flex max-w-6xl flex-col items-center">
        <SectionHeading id="business-heading" heading={strings.heading} intro={strings.intro} />
        <ul className="mt-12 grid w-full gap-6 sm:grid-cols-2">
          {strings.features.map((feature, index) => {
            const Icon = featureIcons[index] ?? QrCode;
            return (
              <li key={feature.title} className="flex gap-4 rounded-card border border-border bg-background p-6">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="flex flex-col gap-2">
                  <h3 className="text-lg font-semibold">{feature.title}</h3>
                  <p className="text-muted-foreground">{feature.body}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <Button asChild size="lg" className="mt-12">
          <Link to="/signup">{strings.startTrial}</Link>
        </Button>
      </div>
    </section>
  );
}
