import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The heading of a signed-in page: its one h1, a line on what the page is for, and room for actions. */
export function PageHeader({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {children}
      </div>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </div>
  );
}
