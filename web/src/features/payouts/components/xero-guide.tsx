import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { payoutsStrings } from '../payouts-strings';

const strings = payoutsStrings.xeroGuide;

/**
 * The steps a merchant follows in Xero with the two files this screen makes. Closed until asked for: a
 * merchant reads it once, then only downloads. A native disclosure, so it opens without script and prints.
 */
export function XeroGuide() {
  return (
    <Card role="region" aria-labelledby="xero-guide-title">
      <CardHeader>
        <CardTitle as="h2" id="xero-guide-title">
          {strings.title}
        </CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <details className="group">
          <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
            {strings.show}
          </summary>
          <div className="mt-4 flex flex-col gap-4 text-sm">
            <section aria-labelledby="xero-guide-which-file">
              <h3 id="xero-guide-which-file" className="font-semibold">
                {strings.whichFile.title}
              </h3>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                <li>{strings.whichFile.statement}</li>
                <li>{strings.whichFile.precoded}</li>
              </ul>
            </section>
            <ol className="flex list-decimal flex-col gap-3 pl-5">
              {strings.steps.map((step) => (
                <li key={step.title}>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-muted-foreground">{step.body}</p>
                </li>
              ))}
            </ol>
            <p className="text-muted-foreground">{strings.why}</p>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
