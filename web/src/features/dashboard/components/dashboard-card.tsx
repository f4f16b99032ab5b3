import { useId, type ReactNode } from 'react';
import { CardHeaderWithStatus } from '@web/components/card-header-with-status';
import { Card, CardContent } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

/** A titled region of the dashboard home: an h2 that names it, an optional line and actions, then its body. */
export function DashboardCard({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('flex flex-col', className)}>
      <CardHeaderWithStatus title={title} titleId={headingId} status={actions} description={description} />
      <CardContent className="flex flex-1 flex-col gap-4">{children}</CardContent>
    </Card>
  );
}
