import { Download, FileText, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import type { FeeStatement } from '@shared/contracts/paylink-fees';
import { addMonths, periodLabel } from '@shared/gst-periods';
import { monthOn } from '@shared/wall-clock';
import { LoadingState } from '@web/components/loading-state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { formatMoney } from '@web/lib/format-money';
import { toast } from '@web/lib/toast';
import { useFeeStatement } from '../api/books-api';
import { downloadFeeStatementCsv, downloadFeeStatementPdf } from '../book-files';
import { booksStrings } from '../books-strings';
import { payoutsStrings } from '../payouts-strings';

const strings = booksStrings.fees;
/** How many months the picker offers, this one first. */
const MONTHS_OFFERED = 13;

const monthLabel = (month: string) => periodLabel({ firstMonth: month, lastMonth: month });
const dayText = (day: string) => day.split('-').reverse().join('/');
/** Fees given back as a negative amount; none as $0.00, never -$0.00. */
const given = (cents: number) => (cents === 0 ? 0 : -cents);

/**
 * Paylink's statement of its own fees for a month the merchant picks, as a PDF and a CSV
 * (docs/decisions.md #123): a tax invoice with Paylink's GST number when Paylink is registered;
 * when not, it says so and shows no GST.
 */
export function FeeStatementCard({ timeZone }: { timeZone: string }) {
  const thisMonth = monthOn(timeZone);
  const months = Array.from({ length: MONTHS_OFFERED }, (_, index) => addMonths(thisMonth, -index));
  const [month, setMonth] = useState(thisMonth);
  const statement = useFeeStatement(month);
  const [making, setMaking] = useState(false);
  const monthId = useId();

  async function downloadPdf() {
    if (!statement.data) return;
    setMaking(true);
    try {
      await downloadFeeStatementPdf(statement.data);
      toast.success(strings.downloaded);
    } catch (error) {
      console.error('The fee statement PDF could not be made', error);
      toast.error(strings.pdfFailed);
    } finally {
      setMaking(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.title}</CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex max-w-xs flex-col gap-2">
          <Label htmlFor={monthId}>{strings.month}</Label>
          <NativeSelect id={monthId} value={month} onChange={(event) => setMonth(event.target.value)}>
            {months.map((candidate) => (
              <option key={candidate} value={candidate}>
                {monthLabel(candidate)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {statement.isPending ? (
          <LoadingState label={strings.loading} />
        ) : statement.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="font-medium">{strings.loadFailedTitle}</p>
            <p className="text-sm text-muted-foreground">{statement.error.message}</p>
            <Button variant="outline" onClick={() => void statement.refetch()} disabled={statement.isFetching}>
              {payoutsStrings.retry}
            </Button>
          </div>
        ) : (
          <section aria-label={`${strings.title}, ${monthLabel(month)}`} className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">
              {statement.data.supplier.gstNumber
                ? strings.gstNumber(statement.data.supplier.gstNumber)
                : strings.notRegistered}
            </p>
            {statement.data.monthComplete ? null : (
              <p className="text-sm text-muted-foreground">{strings.toDate(dayText(statement.data.issuedDay))}</p>
            )}
            {statement.data.lines.length === 0 ? (
              <p className="flex items-center gap-2 text-sm">
                <ReceiptText aria-hidden="true" className="size-4 text-muted-foreground" />
                {strings.empty(monthLabel(month))}
              </p>
            ) : null}
            <FeeFigures statement={statement.data} />
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void downloadPdf()} disabled={making}>
                <FileText aria-hidden="true" />
                {making ? strings.working : strings.downloadPdf}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  downloadFeeStatementCsv(statement.data);
                  toast.success(strings.downloaded);
                }}
              >
                <Download aria-hidden="true" />
                {strings.downloadCsv}
              </Button>
            </div>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

function FeeFigures({ statement }: { statement: FeeStatement }) {
  const money = (cents: number) => formatMoney(cents, statement.currency);
  const { totals } = statement;
  const count = (kind: 'fee' | 'returned') => statement.lines.filter((line) => line.kind === kind).length;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
      <dt className="text-muted-foreground">{strings.figures.charged(count('fee'))}</dt>
      <dd className="pl-4 text-right tabular-nums">{money(totals.chargedCents)}</dd>
      <dt className="text-muted-foreground">{strings.figures.returned(count('returned'))}</dt>
      <dd className="pl-4 text-right tabular-nums">{money(given(totals.returnedCents))}</dd>
      <dt className="border-t pt-2 font-semibold">{strings.figures.net}</dt>
      <dd className="border-t pt-2 pl-4 text-right font-semibold tabular-nums">{money(totals.netCents)}</dd>
      {totals.netGstCents === null ? null : (
        <>
          <dt className="text-muted-foreground">{strings.figures.gst}</dt>
          <dd className="pl-4 text-right tabular-nums">{money(totals.netGstCents)}</dd>
        </>
      )}
    </dl>
  );
}
