import { Check } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { signupStrings } from '../signup-strings';

const strings = signupStrings.plan;

/** What the trial is and costs afterwards, beside the form (the page advertises the plan). */
export function PlanSummary() {
  return (
    <Card className="border-primary/30 lg:sticky lg:top-8">
      <CardHeader className="gap-4">
        <Badge variant="brand" className="self-start">
          {strings.badge}
        </Badge>
        <CardTitle as="h2">{strings.name}</CardTitle>
        <div>
          <p className="text-3xl font-bold tracking-tight">{strings.firstMonth}</p>
          <p className="mt-1 text-muted-foreground">{strings.then}</p>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ul className="flex flex-col gap-3">
          {strings.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <p className="rounded-lg bg-muted p-4 text-sm text-muted-foreground">{strings.trialNote}</p>
      </CardContent>
    </Card>
  );
}
