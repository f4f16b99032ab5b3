import { CreditCard, Link2, UserPlus } from 'lucide-react';
import { landingStrings } from '../landing-strings';
import { SectionHeading } from './section-heading';

const strings = landingStrings.howItWorks;
const stepIcons = [UserPlus, Link2, CreditCard];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="how-it-works-heading" heading={strings.heading} intro={strings.intro} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {strings.steps.map((step, index) => {
            const Icon = stepIcons[index] ?? Link2;
            return (
              <li key={step.title} className="flex flex-col gap-4 rounded-card border border-border bg-background p-6">
                <div className="flex items-center gap-4">
                  <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="text-sm font-semibold text-muted-foreground">
                    {/* Visible step number; the <ol> already announces it to screen readers. */}
                    <span aria-hidden="true">{String(index + 1).padStart(2, '0')}</span>
                  </span>
                </div>
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="text-muted-foreground">{step.body}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
