/**
 * A date and a time as the merchant's own clock reads them, written as the rest of the app writes them
 * (dd/MM/yyyy and 24-hour HH:mm) whatever the browser's locale: the app's date field (`DateInput`, with its
 * calendar) and a time field beside it. A native <input type="datetime-local"> would show the browser's own
 * order and clock (mm/dd/yyyy, 12-hour, in an en-US browser).
 *
 * Its value is the wall clock the API takes, `yyyy-MM-ddTHH:mm` (shared/wall-clock.ts), '' when both fields
 * are empty, and the text as typed while it is not yet a date and a time, so the form's own check refuses it
 * in words. Which instant the wall clock is, in the merchant's time zone, is the server's to say.
 */
import { useState, type ComponentProps } from 'react';
import { WALL_CLOCK_PATTERN } from '@shared/wall-clock';
import { cn } from '../lib/cn';
import { DateInput, formatDayText, parseDayText, type DateInputLabels } from './date-input';
import { Input } from './ui/input';

const TIME_TEXT = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export interface DateTimeInputLabels extends DateInputLabels {
  /** The time field's name, e.g. 'Expiry time (HH:mm)'. */
  time: string;
}

export type DateTimeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** `yyyy-MM-ddTHH:mm`, '' for none, or unfinished text. */
  value: string;
  onChange: (value: string) => void;
  labels: DateTimeInputLabels;
  /** Placeholders of the two fields. */
  datePlaceholder?: string;
  timePlaceholder?: string;
};

interface Parts {
  date: string;
  time: string;
}

/** The two fields' text for a value: a wall clock split into dd/MM/yyyy and HH:mm, anything else empty. */
function partsOf(value: string): Parts {
  const match = WALL_CLOCK_PATTERN.exec(value);
  if (!match) return { date: '', time: '' };
  const [, year, month, day, hour, minute] = match;
  return { date: `${day}/${month}/${year}`, time: `${hour}:${minute}` };
}

/** The value the two fields make: a wall clock when both are complete, '' when both are empty. */
export function wallClockOfParts({ date, time }: Parts): string {
  if (!date.trim() && !time.trim()) return '';
  const day = parseDayText(date);
  const clock = TIME_TEXT.exec(time.trim());
  if (!day || !clock) return `${date} ${time}`.trim();
  const [dd, mm, yyyy] = formatDayText(day).split('/');
  return `${yyyy}-${mm}-${dd}T${clock[1]!.padStart(2, '0')}:${clock[2]}`;
}

/** Keeps a typed time to digits and a colon, and puts the colon into 4 bare digits ('1730' → '17:30'). */
function maskTimeText(text: string): string {
  const kept = text.replace(/[^\d:]/g, '').slice(0, 5);
  return /^\d{4}$/.test(kept) ? `${kept.slice(0, 2)}:${kept.slice(2)}` : kept;
}

export function DateTimeInput({
  value,
  onChange,
  labels,
  className,
  datePlaceholder = 'dd/mm/yyyy',
  timePlaceholder = 'HH:mm',
  ...dateInputProps
}: DateTimeInputProps) {
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const [emitted, setEmitted] = useState(value);
  // The form set the value itself (cleared it, or reset after saving): the fields follow it.
  if (value !== emitted) {
    setEmitted(value);
    setParts(partsOf(value));
  }

  function change(next: Parts) {
    const nextValue = wallClockOfParts(next);
    setParts(next);
    setEmitted(nextValue);
    onChange(nextValue);
  }

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <DateInput
        {...dateInputProps}
        className="min-w-0 flex-[1_1_11rem]"
        placeholder={datePlaceholder}
        value={parts.date}
        labels={labels}
        onChange={(date) => change({ ...parts, date })}
      />
      <Input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        aria-label={labels.time}
        aria-invalid={dateInputProps['aria-invalid']}
        aria-describedby={dateInputProps['aria-describedby']}
        disabled={dateInputProps.disabled}
        placeholder={timePlaceholder}
        className="w-24 flex-none"
        value={parts.time}
        onChange={(event) => change({ ...parts, time: maskTimeText(event.target.value) })}
      />
    </div>
  );
}
