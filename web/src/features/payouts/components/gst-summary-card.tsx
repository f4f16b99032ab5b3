import { Download, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { monthOn } from '@shared/wall-clock';
import { toast } from '@web/lib/toast';
import {
  DEFAULT_BALANCE_MONTH,
  DEFAULT_GST_PERIOD_CHOICE,
  GST_PERIOD_LENGTHS,
  calendarMonthName,
  periodLabel,
  recentPeriods,
  type GstPeriodChoice,
  type GstPeriodLength,
} from '@shared/gst-periods';
import { LoadingState } from '@web/components/loading-state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { formatMoney } from '@web/lib/format-money';
import { useGstSummary } from '../api/gst-summary-api';
import { downloadGstSummaryCsv } from '../payout-files';
import { GstReturnWorksheet } from './gst-return-worksheet';
import { payoutsStrings } from '../payouts-strings';

const strings = payoutsStrings.gst;

/** How many periods the picker offers, the current one first: two years of two-monthly returns. */
const PERIODS_OFFERED = 12;
const CHOICE_KEY = 'paylink.gstPeriodChoice';

/** The merchant's last choice of filing frequency, kept in this browser; two-monthly on even months at first. */
function storedChoice(): GstPeriodChoice {
  try {
    const parsed = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as Partial<GstPeriodChoice> | null;
    if (
      parsed &&
      (GST_PERIOD_LENGTHS as readonly number[]).includes(parsed.months ?? 0) &&
      Number.isInteger(parsed.endsInMonth) &&
      parsed.endsInMonth! >= 1 &&
      parsed.endsInMonth! <= 12
    ) {
      return { months: parsed.months!, endsInMonth: parsed.endsInMonth! };
    }
  } catch {
    // A value this page did not write: start from the default.
  }
  return DEFAULT_GST_PERIOD_CHOICE;
}

/** The day a `yyyy-MM-dd` names, as the screens write dates (dd/MM/yyyy). */
function dayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * The merchant's GST for a taxable period they pick, with its CSV (docs/decisions.md #84). A merchant no
 * longer registered still sees the periods when they were, each receipt as it was issued (#97), told plainly
 * that they are not registered now.
 */
export function GstSummaryCard({ timeZone, gstRegistered }: { timeZone: string; gstRegistered: boolean }) {
  const [choice, setChoice] = useState<GstPeriodChoice>(storedChoice);
  const periods = recentPeriods(monthOn(timeZone), choice, PERIODS_OFFERED);
  const [picked, setPicked] = useState<string | null>(null);
  const period = periods.find((candidate) => candidate.lastMonth === picked) ?? periods[0]!;
  const summary = useGstSummary(choice.months, period.lastMonth, true);
  const frequencyId = useId();
  const endsId = useId();
  const periodId = useId();
  const endsHintId = useId();

  function choose(next: GstPeriodChoice) {
    setChoice(next);
    setPicked(null);
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify(next));
    } catch {
      // Private browsing may refuse storage: the choice lasts for this visit.
    }
  }

  function chooseLength(months: GstPeriodLength) {
    // Two-monthly defaults to the even months, six-monthly to a March balance date.
    const endsInMonth = months === 6 ? DEFAULT_BALANCE_MONTH : months === 2 ? DEFAULT_GST_PERIOD_CHOICE.endsInMonth : 1;
    choose({ months, endsInMonth });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.title}</CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {gstRegistered ? null : (
          <div className="flex flex-col items-start gap-3 rounded-md border bg-muted/40 p-4">
            <p className="text-sm">{strings.notRegistered}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard/settings">{strings.openSettings}</Link>
            </Button>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={frequencyId}>{strings.frequency}</Label>
            <NativeSelect
              id={frequencyId}
              value={choice.months}
              onChange={(event) => chooseLength(Number(event.target.value) as GstPeriodLength)}
            >
              {GST_PERIOD_LENGTHS.map((months) => (
                <option key={months} value={months}>
                  {strings.frequencies[months]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {choice.months === 2 ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={endsId}>{strings.endsIn}</Label>
              <NativeSelect
                id={endsId}
                value={choice.endsInMonth % 2 === 0 ? 'even' : 'odd'}
                onChange={(event) => choose({ months: 2, endsInMonth: event.target.value === 'even' ? 2 : 1 })}
              >
                <option value="even">{strings.evenMonths}</option>
                <option value="odd">{strings.oddMonths}</option>
              </NativeSelect>
            </div>
          ) : null}
          {choice.months === 6 ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={endsId}>{strings.balanceMonth}</Label>
              <NativeSelect
                id={endsId}
                value={choice.endsInMonth}
                aria-describedby={endsHintId}
                onChange={(event) => choose({ months: 6, endsInMonth: Number(event.target.value) })}
              >
                {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
                  <option key={month} value={month}>
                    {calendarMonthName(month)}
                  </option>
                ))}
              </NativeSelect>
              <p id={endsHintId} className="text-xs text-muted-foreground">
                {strings.balanceMonthHint}
              </p>
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <Label htmlFor={periodId}>{strings.period}</Label>
            <NativeSelect id={periodId} value={period.lastMonth} onChange={(event) => setPicked(event.target.value)}>
              {periods.map((candidate) => (
                <option key={candidate.lastMonth} value={candidate.lastMonth}>
                  {periodLabel(candidate)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {summary.isPending ? (
          <LoadingState label={strings.loading} />
        ) : summary.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="font-medium">{strings.loadFailedTitle}</p>
            <p className="text-sm text-muted-foreground">{summary.error.message}</p>
            <Button variant="outline" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
              {payoutsStrings.retry}
            </Button>
          </div>
        ) : (
          <section aria-label={`${strings.title}, ${periodLabel(period)}`} className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">
              {strings.days(dayText(summary.data.fromDay), dayText(summary.data.toDay))}
            </p>
            {summary.data.receipts.length === 0 && summary.data.corrections.length === 0 ? (
              <p className="flex items-center gap-2 text-sm">
                <ReceiptText aria-hidden="true" className="size-4 text-muted-foreground" />
                {strings.empty}
              </p>
            ) : null}
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
              <dt className="text-muted-foreground">{strings.figures.sales}</dt>
              <dd className="pl-4 text-right tabular-nums">
                {formatMoney(summary.data.totals.salesCents, summary.data.currency)}
              </dd>
              {/* Zero-rated sales are in the sales at 0% (docs/decisions.md #136): said only when there are any. */}
              {summary.data.totals.zeroRatedCents !== 0 ? (
                <>
                  <dt className="text-muted-foreground">{strings.figures.zeroRated}</dt>
                  <dd className="pl-4 text-right tabular-nums" data-testid="gst-summary-zero-rated">
                    {formatMoney(summary.data.totals.zeroRatedCents, summary.data.currency)}
                  </dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">{strings.figures.collected(summary.data.receipts.length)}</dt>
              <dd className="pl-4 text-right tabular-nums">
                {formatMoney(summary.data.totals.gstCollectedCents, summary.data.currency)}
              </dd>
              <dt className="text-muted-foreground">{strings.figures.corrected(summary.data.corrections.length)}</dt>
              <dd className="pl-4 text-right tabular-nums">
                {formatMoney(-summary.data.totals.gstCorrectedCents, summary.data.currency)}
              </dd>
              <dt className="border-t pt-2 font-semibold">{strings.figures.net}</dt>
              <dd className="border-t pt-2 pl-4 text-right font-semibold tabular-nums">
                {formatMoney(summary.data.totals.netGstCents, summary.data.currency)}
              </dd>
            </dl>
            <div>
              <Button
                onClick={() => {
                  downloadGstSummaryCsv(summary.data);
                  toast.success(strings.downloaded);
                }}
              >
                <Download aria-hidden="true" />
                {strings.download}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{strings.scope}</p>
          </section>
        )}
        <GstReturnWorksheet months={choice.months} lastMonth={period.lastMonth} />
      </CardContent>
    </Card>
  );
}
