import { Printer } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { materialsKitStrings } from '../materials-kit-strings';
import { BackToDashboardLink } from './back-to-dashboard-link';

const strings = materialsKitStrings.setupGuide;

/**
 * /dashboard/setup-guide — the Materials Kit's Business Setup Guide: one short page that prints clean
 * (the shell's sidebar and header, and this page's buttons, are hidden in print; cards lose their chrome).
 */
export function SetupGuidePage() {
  return (
    <div className="flex flex-col gap-6 print:gap-4 print:text-black">
      <BackToDashboardLink />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader title={strings.heading} description={strings.description} />
        <Button variant="outline" className="self-start print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {strings.print}
        </Button>
      </div>
      <ol aria-label={strings.stepsLabel} className="flex flex-col gap-4 print:gap-3">
        {strings.steps.map((step, index) => (
          <li key={step.title} className="break-inside-avoid">
            <Card className="flex gap-4 p-6 print:rounded-none print:border-0 print:p-0 print:shadow-none">
              <span
                aria-hidden="true"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground print:border print:border-black print:bg-transparent print:text-black"
              >
                {index + 1}
              </span>
              <div className="flex min-w-0 flex-col gap-2">
                <h2 className="text-lg leading-tight font-semibold">
                  <span className="sr-only">{`${index + 1}. `}</span>
                  {step.title}
                </h2>
                <p className="text-muted-foreground print:text-black">{step.body}</p>
                {step.link ? (
                  <Link
                    to={step.link.to}
                    className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
                  >
                    {step.link.label}
                  </Link>
                ) : null}
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground print:text-black">{strings.help}</p>
    </div>
  );
}
