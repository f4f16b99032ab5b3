import { Eye, Lightbulb, Unlock } from 'lucide-react';
import { landingStrings } from '../landing-strings';
import { SectionHeading } from './section-heading';

const strings = landingStrings.values;
const valueIcons = [Unlock, Lightbulb, Eye];

/** Independence, creativity, transparency, each said as something the product does. */
export function ValuesSection() {
  return (
    <section aria-labelledby="values-heading" className="bg-surface px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="values-heading" heading={strings.heading} intro={strings.intro} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {strings.items.map((value, index) => {
            const Icon = valueIcons[index] ?? Eye;
            return (
              <li key={value.title} className="flex flex-col gap-4 rounded-card border border-border bg-background p-6">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="text-lg font-semibold">{value.title}</h3>
                <p className="text-muted-foreground">{value.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
