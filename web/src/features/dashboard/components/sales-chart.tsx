import { useId } from 'react';
import type { DailyRevenue } from '@shared/contracts/stats';
import { formatMoney } from '@web/lib/format-money';
import { dashboardStrings } from '../dashboard-strings';

const strings = dashboardStrings.home.salesChart;
const CHART_HEIGHT = 100;
const BAR_GAP = 0.25;

/** `yyyy-MM-dd` → `dd/MM/yyyy`, straight from the text: the day is already the merchant's day. */
function longDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/**
 * Revenue per day as a hand-drawn SVG bar chart (a few hundred bytes: no chart library for 30 bars).
 * The picture is for eyes; the same numbers are a table for screen readers, and the bars' titles show
 * each day's figure on hover.
 */
export function SalesChart({ days, currency }: { days: DailyRevenue[]; currency: string }) {
  const captionId = useId();
  // Net per day (docs/decisions.md #18): a day whose refunds outweigh its sales goes below the zero line.
  const max = Math.max(0, ...days.map((day) => day.revenueCents));
  const min = Math.min(0, ...days.map((day) => day.revenueCents));
  const range = max - min;
  const zeroY = range > 0 ? (max / range) * CHART_HEIGHT : CHART_HEIGHT;
  const total = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const best = days.reduce<DailyRevenue | undefined>(
    (top, day) => (day.revenueCents > (top?.revenueCents ?? 0) ? day : top),
    undefined,
  );
  // Sales and refunds that cancel out are still a period with sales: its total ($0.00) is told, not 'no sales'.
  const active = days.some((day) => day.payments > 0 || day.refundCents > 0);
  const barWidth = 1 - BAR_GAP;
  const money = (cents: number) => formatMoney(cents, currency);

  if (!active) {
    // Nothing to draw: an axis of "$0.00 / $0.00" over an empty box says nothing a person can use.
    return (
      <figure aria-labelledby={captionId} className="flex flex-col gap-3">
        <figcaption id={captionId} className="text-sm text-muted-foreground">
          {strings.noSales}
        </figcaption>
        <div className="flex h-40 items-center justify-center rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
          {strings.emptyHint}
        </div>
      </figure>
    );
  }

  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-3">
      <figcaption id={captionId} className="text-sm text-muted-foreground">
        {best
          ? `${strings.total(money(total))}; ${strings.bestDay(longDay(best.day), money(best.revenueCents))}.`
          : `${strings.total(money(total))}.`}
      </figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex w-16 shrink-0 flex-col justify-between text-right text-xs text-muted-foreground"
        >
          <span>{money(max)}</span>
          <span>{money(min)}</span>
        </div>
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${days.length} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 min-w-0 flex-1 border-b border-l border-border"
        >
          {days.map((day, index) => {
            const height = range > 0 ? (Math.abs(day.revenueCents) / range) * CHART_HEIGHT : 0;
            const negative = day.revenueCents < 0;
            return (
              <rect
                key={day.day}
                x={index + BAR_GAP / 2}
                y={negative ? zeroY : zeroY - height}
                width={barWidth}
                height={height}
                className={negative ? 'fill-destructive' : 'fill-primary'}
              >
                <title>
                  {strings.bar(
                    longDay(day.day),
                    money(day.revenueCents),
                    day.payments,
                    day.refundCents > 0 ? money(day.refundCents) : null,
                  )}
                </title>
              </rect>
            );
          })}
        </svg>
      </div>
      {days.length > 0 ? (
        <div aria-hidden="true" className="flex justify-between pl-18 text-xs text-muted-foreground">
          <span>{shortDay(days[0]!.day)}</span>
          <span>{shortDay(days[days.length - 1]!.day)}</span>
        </div>
      ) : null}
      <table className="sr-only">
        <caption>{strings.tableCaption(days.length)}</caption>
        <thead>
          <tr>
            <th scope="col">{strings.dayColumn}</th>
            <th scope="col">{strings.revenueColumn}</th>
            <th scope="col">{strings.paymentsColumn}</th>
            <th scope="col">{strings.refundsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{longDay(day.day)}</th>
              <td>{money(day.revenueCents)}</td>
              <td>{day.payments}</td>
              <td>{money(day.refundCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
