import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { landingStrings } from '../landing-strings';

const strings = landingStrings.closing;

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-heading" className="px-4 pb-16 sm:px-6 md:pb-24">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 rounded-2xl bg-primary-soft px-6 py-12 text-center sm:py-16">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-balance">
          {strings.heading}
        </h2>
        <p className="max-w-xl text-lg text-muted-foreground">{strings.body}</p>
        <Button asChild size="lg">
          <Link to="/signup">
            {strings.cta}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
