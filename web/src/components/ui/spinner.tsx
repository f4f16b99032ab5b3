import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

export interface SpinnerProps {
  /** What is loading, for screen readers ("Loading your dashboard"). */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-primary', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
