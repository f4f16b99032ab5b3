import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './ui/label';

/**
 * A checkbox with its label and, under the label, a hint read out with it: a switch in a form ("Offer tips",
 * "Ask for the payer's phone number"). The rest of the props go to the input (react-hook-form's `register`).
 */
export function CheckboxField({
  label,
  hint,
  className,
  ...input
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** For the box and its words together (a grid's `sm:col-span-2`). */
  className?: string;
} & Omit<ComponentProps<'input'>, 'id' | 'type' | 'className'>) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        {...input}
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
