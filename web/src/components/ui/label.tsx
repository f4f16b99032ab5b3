import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** Pass `htmlFor` (or wrap the control) so the field has an accessible name. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm leading-none font-medium text-foreground peer-disabled:opacity-50', className)}
      {...props}
    />
  );
}
