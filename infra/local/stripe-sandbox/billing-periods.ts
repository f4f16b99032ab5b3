/**
 * A recurring price's billing periods, as Stripe counts them: each period end is the billing cycle anchor
 * plus a whole number of intervals, so a monthly subscription that started on the 31st bills on the last
 * day of a shorter month and is back on the 31st after it (Stripe's "billing cycle anchor" rule;
 * docs/decisions.md #150).
 */
export interface Recurring {
  interval: string;
  interval_count: number;
}

const DAY_SECONDS = 86_400;

/** The end of period `periods` (1 = the first) of a subscription anchored at `anchor` (Unix seconds). */
export function periodEndAfter(anchor: number, recurring: Recurring, periods: number): number {
  const steps = recurring.interval_count * periods;
  if (recurring.interval === 'day') return anchor + steps * DAY_SECONDS;
  if (recurring.interval === 'week') return anchor + steps * 7 * DAY_SECONDS;
  const start = new Date(anchor * 1000);
  const months = recurring.interval === 'year' ? steps * 12 : steps;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(end / 1000);
}

/** The length of one period in seconds, for the test clock's limit (months and years at their shortest). */
export function shortestPeriodSeconds(recurring: Recurring): number {
  const days = { day: 1, week: 7, month: 28, year: 365 }[recurring.interval] ?? 28;
  return days * recurring.interval_count * DAY_SECONDS;
}

/** How Checkout and the portal say how often the payer pays: "every week", "every 2 weeks". */
export function everyInterval(recurring: Recurring): string {
  const count = recurring.interval_count;
  return count === 1 ? `every ${recurring.interval}` : `every ${count} ${recurring.interval}s`;
}
