import { Download, LoaderCircle } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.exportCsv;

/** The 'Export CSV' button, and while the export reads its pages, how far it has got and a Cancel. */
export function ExportCsvButton({
  disabled,
  exporting,
  onStart,
}: {
  disabled: boolean;
  exporting: boolean;
  onStart: () => void;
}) {
  return (
    <Button variant="outline" onClick={onStart} disabled={disabled || exporting}>
      <Download aria-hidden="true" />
      {strings.button}
    </Button>
  );
}

/** The number of payments is not known up front, so the bar is indeterminate and its text carries the count. */
export function ExportProgress({ count, onCancel }: { count: number; onCancel: () => void }) {
  const text = strings.exporting(count);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border bg-primary-soft px-6 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
          {text}
        </p>
        <div
          role="progressbar"
          aria-label={strings.progressLabel}
          aria-valuetext={text}
          className="h-1.5 w-full overflow-hidden rounded-full bg-primary/15"
        >
          <div className="h-full w-full rounded-full bg-primary motion-safe:animate-pulse" />
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onCancel}>
        {strings.cancel}
      </Button>
    </div>
  );
}
