import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './ui/label';

export interface FieldMessages {
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * The accessibility wiring for the control inside a FormField: its id (the label points at it), and its
 * hint and error read out with it. Spread onto the Input/Select/Textarea.
 */
export function fieldControlProps(id: string, { error, hint }: FieldMessages) {
  const describedBy = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

interface FormFieldProps extends FieldMessages {
  /** The control's id (use fieldControlProps(id, …) on it). */
  id: string;
  label: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A label, its control, an optional hint and the field's own error message under it. */
export function FormField({ id, label, labelAside, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
