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

/** How much of a field's limit is used: the length typed, the limit, and the words shown once it is reached. */
export interface FieldCounter {
  length: number;
  max: number;
  atLimit: string;
}

interface FormFieldProps extends FieldMessages {
  /** The control's id (use fieldControlProps(id, …) on it). */
  id: string;
  label: ReactNode;
  /** The words after the label saying the field may stay empty, e.g. '(optional)'. */
  optional?: string;
  /** How much of the field's limit is used, at the end of the label row. */
  counter?: FieldCounter;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A label, its control, an optional hint and the field's own error message under it. */
export function FormField({
  id,
  label,
  optional,
  counter,
  labelAside,
  hint,
  error,
  className,
  children,
}: FormFieldProps) {
  const labelElement = (
    <Label htmlFor={id}>
      {label}
      {optional ? (
        <>
          {' '}
          <span className="font-normal text-muted-foreground">{optional}</span>
        </>
      ) : null}
    </Label>
  );
  const aside =
    counter || labelAside ? (
      <>
        {labelAside}
        {counter ? <LengthCounter {...counter} /> : null}
      </>
    ) : null;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {aside ? (
        <div className="flex items-center justify-between gap-4">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
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

/**
 * Beside the label: a pasted text longer than the limit is cut, and this says so at the limit instead of
 * cutting silently.
 */
function LengthCounter({ length, max, atLimit }: FieldCounter) {
  const full = length >= max;
  return (
    <span className={cn('text-xs tabular-nums', full ? 'font-medium text-amber-800' : 'text-muted-foreground')}>
      {full ? atLimit : `${length}/${max}`}
    </span>
  );
}
