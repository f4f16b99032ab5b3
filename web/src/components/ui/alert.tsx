import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const alertVariants = cva(
  'flex gap-3 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-surface text-foreground [&>svg]:text-primary',
        success: 'border-emerald-200 bg-emerald-50 text-emerald-900 [&>svg]:text-emerald-700',
        warning: 'border-amber-200 bg-amber-50 text-amber-900 [&>svg]:text-amber-700',
        destructive: 'border-red-200 bg-red-50 text-red-900 [&>svg]:text-red-700',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

/**
 * A message that stays on the page (unlike a toast), with an optional icon as its first child.
 * Give it role="alert" or role="status" when it appears in answer to something the person did.
 */
export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold', className)} {...props} />;
}
