import { Download } from 'lucide-react';
import { useId } from 'react';
import type { GstPeriodLength } from '@shared/gst-periods';
import { GST_RETURN_BOX_ORDER, GST_RETURN_BOX_WORDS, gstReturnNotes } from '@shared/gst-return-csv';
import { LoadingState } from '@web/components/loading-state';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/format-money';
import { toast } from '@web/lib/toast';
import { useGstReturn } from '../api/books-api';
import { downloadGstReturnCsv } from '../book-files';
import { booksStrings } from '../books-strings';
import { payoutsStrings } from '../payouts-strings';

const strings = booksStrings.worksheet;

/** The boxes the return totals: drawn heavier, as the form draws them. */
const TOTAL_BOXES = new Set(['box10', 'box14', 'box15']);

/**
 * The GST summary's period laid out as Inland Revenue's GST return asks for it (docs/decisions.md
 * #124): boxes 5 to 15 in the return's words, the notes on what they hold (the s19O rounding
 * among them), and the same as a CSV.
 */
export function GstReturnWorksheet({ months, lastMonth }: { months: GstPeriodLength; lastMonth: string }) {
  const worksheet = useGstReturn(months, lastMonth);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-t pt-6">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          {strings.title}
        </h3>
        <p className="text-sm text-muted-foreground">{strings.description}</p>
      </div>
      {worksheet.isPending ? (
        <LoadingState label={strings.loading} />
      ) : worksheet.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="font-medium">{strings.loadFailedTitle}</p>
          <p className="text-sm text-muted-foreground">{worksheet.error.message}</p>
          <Button variant="outline" onClick={() => void worksheet.refetch()} disabled={worksheet.isFetching}>
            {payoutsStrings.retry}
          </Button>
        </div>
      ) : (
        <>
          {/* A list of terms rather than a table: each box is a name, its words and one amount. */}
          <dl className="grid grid-cols-[auto_1fr_auto] text-sm">
            {GST_RETURN_BOX_ORDER.map((box) => {
              const total = TOTAL_BOXES.has(box) ? 'border-t font-semibold' : '';
              return (
                <div key={box} className="contents">
                  <dt className={`py-1.5 pr-3 font-medium whitespace-nowrap ${total}`}>{strings.box(box)}</dt>
                  <dd className={`py-1.5 pr-3 text-muted-foreground ${total}`}>{GST_RETURN_BOX_WORDS[box]}</dd>
                  <dd
                    className={`py-1.5 text-right tabular-nums whitespace-nowrap ${total}`}
                    data-testid={`gst-return-${box}`}
                  >
                    {formatMoney(worksheet.data.boxes[box], worksheet.data.currency)}
                  </dd>
                </div>
              );
            })}
          </dl>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{strings.notesTitle}</p>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {gstReturnNotes(worksheet.data).map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </div>
          <div>
            <Button
              variant="outline"
              onClick={() => {
                downloadGstReturnCsv(worksheet.data);
                toast.success(strings.downloaded);
              }}
            >
              <Download aria-hidden="true" />
              {strings.download}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
