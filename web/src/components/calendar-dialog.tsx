/**
 * The month grid of the WAI-ARIA "date picker dialog" pattern: arrow keys move a day or a week, Home and
 * End to the week's ends, Page Up and Page Down a month (with Shift, a year); the focused day is the one
 * tab stop. Weeks start on Monday, as New Zealand's do.
 */
import {
  addDays,
  addMonths,
  addYears,
  eachDayOfInterval,
  eachWeekOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { DialogContent, DialogTitle } from './ui/dialog';

/** New Zealand weeks start on Monday. */
const WEEK = { weekStartsOn: 1 } as const;

export interface CalendarLabels {
  /** The calendar dialog's title, e.g. 'Choose Date From'. */
  title: string;
  previousMonth: string;
  nextMonth: string;
  close: string;
}

/** The days of the month `day` is in, a row per week (Monday to Sunday, with the next and last month's days). */
function weeksOfMonth(day: Date): Date[][] {
  return eachWeekOfInterval({ start: startOfMonth(day), end: endOfMonth(day) }, WEEK).map((monday) =>
    eachDayOfInterval({ start: monday, end: endOfWeek(monday, WEEK) }),
  );
}

export function CalendarDialog({
  labels,
  selected,
  onPick,
  earliest,
}: {
  labels: CalendarLabels;
  selected: Date | null;
  onPick: (date: Date) => void;
  /** The first day that may be picked (an expiry cannot be in the past); earlier days show, disabled. */
  earliest?: Date;
}) {
  const [focused, setFocused] = useState(() => selected ?? new Date());
  const tooEarly = (day: Date) => earliest !== undefined && day < startOfDay(earliest);
  const focusedButton = useRef<HTMLButtonElement>(null);
  // Set by the arrow keys: the newly focused day's button exists after the render, so it is focused then.
  const movedByKeyboard = useRef(false);
  const monthLabelId = useId();
  const today = new Date();

  // A layout effect, not a plain one: it runs with the render, before the next key is handled. A plain
  // effect waits for the next frame, so a quick Enter after an arrow picked the day focus had not left yet.
  useLayoutEffect(() => {
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
      Home: () => startOfWeek(focused, WEEK),
      End: () => endOfWeek(focused, WEEK),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  };

  const weeks = weeksOfMonth(focused);
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
                      // Still focusable, so the arrow keys cross it, but it cannot be picked.
                      aria-disabled={tooEarly(day) || undefined}
                      onClick={() => {
                        if (!tooEarly(day)) onPick(day);
                      }}
                      className={cn(
                        'inline-flex size-10 items-center justify-center rounded-lg text-sm hover:bg-muted',
                        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                        isSameDay(day, today) && 'font-semibold text-primary',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                        tooEarly(day) && 'cursor-not-allowed text-muted-foreground line-through hover:bg-transparent',
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
