import type { FormEvent, ReactNode } from 'react';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card';

/**
 * A card holding one form (Create Link, Profile Settings, Tax Settings): its heading and description, the
 * fields in two columns from a tablet's width, and the submit button at the foot, held and saying so while the
 * form is saved. The browser's own checks are off: the form checks with the shared schema and says why.
 */
export function FormCard({
  title,
  description,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  submitSize,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  submitSize?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <CardContent className="grid gap-6 sm:grid-cols-2">{children}</CardContent>
        <CardFooter className="justify-end border-t border-border pt-6">
          <Button type="submit" size={submitSize} className="w-full sm:w-auto" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
