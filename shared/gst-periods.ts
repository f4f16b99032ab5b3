/**
 * New Zealand GST taxable periods as calendar months (docs/decisions.md #84). Inland Revenue offers
 * monthly, two-monthly (the standard; periods end on the even or the odd months) and six-monthly filing
 * (for smaller businesses; periods end on the balance month and six months after it). Every period ends
 * on the last day of a month, so a period is a run of whole months, named here by their `yyyy-MM`.
 *
 * Pure month arithmetic on `yyyy-MM` names: no time zone enters until the server turns the months into the
 * merchant's days (functions/domain/merchant-days.ts).
 */

export const GST_PERIOD_LENGTHS = [1, 2, 6] as const;
export type GstPeriodLength = (typeof GST_PERIOD_LENGTHS)[number];

/** Which months end a period: for two-monthly, the even or odd months; for six-monthly, a balance month (1–12). */
export interface GstPeriodChoice {
  months: GstPeriodLength;
  /** The calendar month (1–12) one period ends on; the others end every `months` months from it. */
  endsInMonth: number;
}

/** Two-monthly, ending on the even months (Feb, Apr, …, Dec): the default, as most registrations are. */
export const DEFAULT_GST_PERIOD_CHOICE: GstPeriodChoice = { months: 2, endsInMonth: 2 };

/** Six-monthly periods follow the balance date; most businesses' balance month is March. */
export const DEFAULT_BALANCE_MONTH = 3;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthName(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** Months since year 0 of a `yyyy-MM` name (0-based month), for arithmetic. */
function monthIndex(month: string): number {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthName(index: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** `yyyy-MM` plus `count` months (negative goes back). */
export function addMonths(month: string, count: number): string {
  return monthName(monthIndex(month) + count);
}

/** Whether a period of `months` may end on `month` under `choice`. */
export function endsAPeriod(month: string, choice: GstPeriodChoice): boolean {
  const calendarMonth = (monthIndex(month) % 12) + 1;
  return (((calendarMonth - choice.endsInMonth) % choice.months) + choice.months) % choice.months === 0;
}

/** A taxable period: its first and last month (inclusive). */
export interface GstPeriod {
  firstMonth: string;
  lastMonth: string;
}

/** The period of `months` months ending on `lastMonth`. */
export function periodEndingIn(lastMonth: string, months: GstPeriodLength): GstPeriod {
  return { firstMonth: addMonths(lastMonth, 1 - months), lastMonth };
}

/** The period under `choice` that `month` falls in. */
export function periodContaining(month: string, choice: GstPeriodChoice): GstPeriod {
  let lastMonth = month;
  while (!endsAPeriod(lastMonth, choice)) lastMonth = addMonths(lastMonth, 1);
  return periodEndingIn(lastMonth, choice.months);
}

/** The period containing `month` and the `count - 1` before it, newest first: what the period picker offers. */
export function recentPeriods(month: string, choice: GstPeriodChoice, count: number): GstPeriod[] {
  const periods: GstPeriod[] = [];
  let current = periodContaining(month, choice);
  for (let index = 0; index < count; index++) {
    periods.push(current);
    current = periodEndingIn(addMonths(current.firstMonth, -1), choice.months);
  }
  return periods;
}

/**
 * Month names as en-NZ writes them, listed rather than asked of Intl: building a DateTimeFormat loads ICU's
 * date data at module load, in every function that takes this module (docs/decisions.md #109).
 */
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2026-04" → "April". */
const monthWord = (month: string) => MONTH_NAMES[monthIndex(month) % 12]!;
/** "2026-04" → "April 2026". */
const monthAndYear = (month: string) => `${monthWord(month)} ${Math.floor(monthIndex(month) / 12)}`;

/** "April 2026", or "March – April 2026", or "October 2025 – March 2026". */
export function periodLabel(period: GstPeriod): string {
  const last = monthAndYear(period.lastMonth);
  if (period.firstMonth === period.lastMonth) return last;
  const sameYear = period.firstMonth.slice(0, 4) === period.lastMonth.slice(0, 4);
  const first = sameYear ? monthWord(period.firstMonth) : monthAndYear(period.firstMonth);
  return `${first} – ${last}`;
}

/** The calendar month's name (1 → "January"). */
export function calendarMonthName(calendarMonth: number): string {
  return MONTH_NAMES[calendarMonth - 1]!;
}
