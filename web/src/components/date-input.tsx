/**
 * A date field that always reads dd/MM/yyyy, whatever the browser's locale: a text input a
 * person can type into (or paste into), and a calendar button that opens a month grid in a dialog — the
 * WAI-ARIA "date picker dialog" pattern. A native <input type="date"> would show the browser's own order
 * (MM/dd/yyyy in an en-US browser), which is why this exists; why it is not a picker library is
 * docs/decisions.md #62. The text is `day-text.ts`, the grid `calendar-dialog.tsx`.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CalendarDays } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { CalendarDialog, type CalendarLabels } from './calendar-dialog';
import { formatDayText, maskDayText, parseDayText } from './day-text';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { Input } from './ui/input';

export { formatDayText, parseDayText } from './day-text';

export interface DateInputLabels extends CalendarLabels {
  /** The calendar button's name, e.g. 'Choose Date From from a calendar'. */
  open: string;
}

export type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** The text as typed, dd/MM/yyyy when complete. */
  value: string;
  onChange: (text: string) => void;
  /** A day picked in the calendar (already formatted dd/MM/yyyy); defaults to onChange. */
  onPick?: (text: string) => void;
  labels: DateInputLabels;
  /** The first day the calendar lets the person pick. */
  earliest?: Date;
};

export function DateInput({ value, onChange, onPick, labels, earliest, className, ...inputProps }: DateInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={cn('flex gap-2', className)}>
      <Input
        {...inputProps}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        value={value}
        onChange={(event) => onChange(maskDayText(event.target.value))}
      />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger asChild>
          <Button variant="outline" size="icon" aria-label={labels.open}>
            <CalendarDays aria-hidden="true" />
          </Button>
        </DialogPrimitive.Trigger>
        {open ? (
          <CalendarDialog
            labels={labels}
            selected={parseDayText(value)}
            earliest={earliest}
            onPick={(date) => {
              (onPick ?? onChange)(formatDayText(date));
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
