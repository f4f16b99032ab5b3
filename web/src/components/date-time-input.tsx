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

/**
 * A time as people type it: 17:30, 1730, 9:05, 9, 21, 9pm, 9.30 pm, 12am. Hours with am/pm are 1–12;
 * without, 0–23. The field shows it back as 24-hour HH:mm once it leaves the field.
 */
const TIME_TEXT = /^(\d{1,2})(?:[:.]?(\d{2}))?\s*([ap])\.?m?\.?$/i;
const BARE_TIME_TEXT = /^(\d{1,2})(?:[:.]?(\d{2}))?$/;

/** `[hour, minute]` of a typed time, or null when it is not one. */
export function parseTimeText(text: string): [number, number] | null {
  const typed = text.trim();
  const withHalf = TIME_TEXT.exec(typed);
  // Three or four bare digits are H:MM or HH:MM ('930', '1730'), not an hour.
  const bare = withHalf
    ? null
    : BARE_TIME_TEXT.exec(
        typed.length >= 3 && /^\d+$/.test(typed) ? `${typed.slice(0, -2)}:${typed.slice(-2)}` : typed,
      );
  const match = withHalf ?? bare;
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (minute > 59) return null;
  if (withHalf) {
    if (hour < 1 || hour > 12) return null;
    const pm = withHalf[3]!.toLowerCase() === 'p';
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (hour > 23) return null;
  return [hour, minute];
}

const timeTextOf = ([hour, minute]: [number, number]) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

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
  /** The first day the calendar lets the person pick (an expiry: today). */
  earliestDay?: Date;
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
  const clock = parseTimeText(time);
  if (!day || !clock) return `${date} ${time}`.trim();
  const [dd, mm, yyyy] = formatDayText(day).split('/');
  return `${yyyy}-${mm}-${dd}T${timeTextOf(clock)}`;
}

/** Keeps a typed time to what a time can hold: digits, a colon or a dot, a space and am/pm. */
function maskTimeText(text: string): string {
  return text.replace(/[^\d:. apmAPM]/g, '').slice(0, 8);
}

export function DateTimeInput({
  value,
  onChange,
  labels,
  className,
  datePlaceholder = 'dd/mm/yyyy',
  timePlaceholder = 'HH:mm',
  earliestDay,
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
        earliest={earliestDay}
        onChange={(date) => change({ ...parts, date })}
      />
      <Input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        aria-label={labels.time}
        aria-invalid={dateInputProps['aria-invalid']}
        aria-describedby={dateInputProps['aria-describedby']}
        disabled={dateInputProps.disabled}
        placeholder={timePlaceholder}
        className="w-24 flex-none"
        value={parts.time}
        onChange={(event) => change({ ...parts, time: maskTimeText(event.target.value) })}
        onBlur={() => {
          // '9pm' reads back as the 24-hour time it was taken as, so the person sees what will be saved.
          const clock = parseTimeText(parts.time);
          if (clock && timeTextOf(clock) !== parts.time) change({ ...parts, time: timeTextOf(clock) });
        }}
      />
    </div>
  );
}
