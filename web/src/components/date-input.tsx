/**
 * A date field that always reads dd/MM/yyyy, whatever the browser's locale: a text input a
 * person can type into (or paste into), and a calendar button that opens a month grid in a dialog — the
 * WAI-ARIA "date picker dialog" pattern. A native <input type="date"> would show the browser's own order
 * (MM/dd/yyyy in an en-US browser), which is why this exists.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  isValid,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogTitle } from './ui/dialog';
import { Input } from './ui/input';

/** New Zealand weeks start on Monday. */
const WEEK_STARTS_ON = 1;
const DAY_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 'd/M/yyyy' or 'dd/MM/yyyy' as a local calendar day, or null when it is not a real date (31/02/2026). */
export function parseDayText(text: string): Date | null {
  const match = DAY_TEXT.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real && isValid(date) ? date : null;
}

export function formatDayText(date: Date): string {
  return format(date, 'dd/MM/yyyy');
}

/** Keeps what a person types to digits and slashes, and puts the slashes into 8 bare digits ('14032026'). */
function maskDayText(text: string): string {
  const kept = text.replace(/[^\d/]/g, '').slice(0, 10);
  return /^\d{8}$/.test(kept) ? `${kept.slice(0, 2)}/${kept.slice(2, 4)}/${kept.slice(4)}` : kept;
}

export interface DateInputLabels {
  /** The calendar button's name, e.g. 'Choose Date From from a calendar'. */
  open: string;
  /** The calendar dialog's title, e.g. 'Choose Date From'. */
  title: string;
  previousMonth: string;
  nextMonth: string;
  close: string;
}

export type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** The text as typed, dd/MM/yyyy when complete. */
  value: string;
  onChange: (text: string) => void;
  /** A day picked in the calendar (already formatted dd/MM/yyyy); defaults to onChange. */
  onPick?: (text: string) => void;
  labels: DateInputLabels;
};

export function DateInput({ value, onChange, onPick, labels, className, ...inputProps }: DateInputProps) {
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

function CalendarDialog({
  labels,
  selected,
  onPick,
}: {
  labels: DateInputLabels;
  selected: Date | null;
  onPick: (date: Date) => void;
}) {
  const [focused, setFocused] = useState(() => selected ?? new Date());
  const focusedButton = useRef<HTMLButtonElement>(null);
  // Set by the arrow keys: the newly focused day's button exists after the render, so it is focused then.
  const movedByKeyboard = useRef(false);
  const monthLabelId = useId();
  const today = new Date();

  useEffect(() => {
    if (!movedByKeyboard.current) return;
    movedByKeyboard.current = false;
    focusedButton.current?.focus();
  }, [focused]);

  const moveFocus = (date: Date) => {
    movedByKeyboard.current = true;
    setFocused(date);
  };

  const onGridKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused, { weekStartsOn: WEEK_STARTS_ON }),
      End: () => endOfWeek(focused, { weekStartsOn: WEEK_STARTS_ON }),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  };

  const firstShown = startOfWeek(startOfMonth(focused), { weekStartsOn: WEEK_STARTS_ON });
  const weeks = Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(firstShown, week * 7 + day)),
  ).filter((week) => week.some((day) => isSameMonth(day, focused)));
  const weekdays = weeks[0]!;

  return (
    <DialogContent
      closeLabel={labels.close}
      aria-describedby={undefined}
      className="max-w-sm gap-4"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        focusedButton.current?.focus();
      }}
    >
      <DialogTitle>{labels.title}</DialogTitle>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={labels.previousMonth}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p id={monthLabelId} aria-live="polite" className="font-medium">
          {format(focused, 'MMMM yyyy')}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={labels.nextMonth}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table role="grid" aria-labelledby={monthLabelId} className="w-full border-collapse text-center text-sm">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.toISOString()} scope="col" abbr={format(day, 'EEEE')} className="pb-2 font-medium">
                <span className="text-muted-foreground">{format(day, 'EEEEEE')}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onGridKeyDown}>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()}>
              {week.map((day) => {
                if (!isSameMonth(day, focused)) return <td key={day.toISOString()} />;
                const isFocused = isSameDay(day, focused);
                const isSelected = selected !== null && isSameDay(day, selected);
                return (
                  <td key={day.toISOString()} aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      ref={isFocused ? focusedButton : undefined}
                      tabIndex={isFocused ? 0 : -1}
                      aria-label={format(day, 'EEEE d MMMM yyyy')}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      onClick={() => onPick(day)}
                      className={cn(
                        'inline-flex size-10 items-center justify-center rounded-lg text-sm hover:bg-muted',
                        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                        isSameDay(day, today) && 'font-semibold text-primary',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                      )}
                    >
                      {format(day, 'd')}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </DialogContent>
  );
}
