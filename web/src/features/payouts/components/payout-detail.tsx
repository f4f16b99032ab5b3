import { Download } from 'lucide-react';
import { useState } from 'react';
import type { PayoutLine } from '@shared/contracts/payouts';
import { formatDate } from '@shared/format-date';
import { payoutLinePayee } from '@shared/xero-csv';
import { LoadingState } from '@web/components/loading-state';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/format-money';
import { toast } from '@web/lib/toast';
import { readWholePayout, usePayoutDetail } from '../api/payouts-api';
import { downloadXeroCsv, type XeroFileKind } from '../payout-files';
import { payoutsStrings as strings } from '../payouts-strings';

/**
 * One payout opened: its lines (payments, refunds, fees, disputes) a page at a time, the sum of all of them
 * against the payout (the server's, whichever pages are shown), and its Xero files, made from every line.
 */
export function PayoutDetailPanel({
  payoutId,
  options,
}: {
  payoutId: string;
  options: { timeZone: string; gstRegistered: boolean };
}) {
  const detail = usePayoutDetail(payoutId);
  const [preparing, setPreparing] = useState<XeroFileKind | null>(null);
  if (detail.isPending) return <LoadingState label={strings.detail.loading} />;
  if (detail.isLoadingError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>{strings.detail.loadFailed}</span>
        <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
          {strings.retry}
        </Button>
      </div>
    );
  }
  const payout = detail.data.pages[0]!;
  const lines = detail.data.pages.flatMap((page) => page.lines);
  const total = payout.linesTotalCents;
  const fileName = `paylink-payout-${payout.arrivalDate.slice(0, 10)}-${payout.payoutId}`;
  const download = async (kind: XeroFileKind) => {
    setPreparing(kind);
    try {
      // Every line, not only the pages on screen; the file ends with the payout's own row (its amount and status).
      const whole = detail.hasNextPage ? await readWholePayout(payoutId) : { ...payout, lines };
      downloadXeroCsv(fileName, kind, [whole], options);
    } catch (error) {
      toast.error(error instanceof RangeError ? error.message : strings.exports.failed);
    } finally {
      setPreparing(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {payout.failureMessage ? (
        <p role="status" className="text-sm text-destructive">
          {strings.detail.failed(payout.failureMessage)}
        </p>
      ) : null}
      {/*
        A phone shows three columns (the payee under what was paid) and wraps, so no line needs sideways
        scrolling (issue 49); the region still takes focus, so a keyboard can scroll anything that overflows.
      */}
      <div
        className="overflow-x-auto"
        role="region"
        aria-label={strings.detail.linesTitle(payout.lineCount)}
        tabIndex={0}
      >
        <table className="w-full text-sm sm:min-w-[32rem]">
          <caption className="mb-2 text-left font-medium">{strings.detail.linesTitle(payout.lineCount)}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">
                {strings.detail.columns.date}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {strings.detail.columns.what}
              </th>
              <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                {strings.detail.columns.payee}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {strings.detail.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {lines.map((line, index) => (
              <LineRow key={index} line={line} currency={payout.currency} timeZone={options.timeZone} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="flex items-baseline justify-between gap-4 border-t pt-2 text-sm font-semibold">
        <span>
          {strings.detail.total}{' '}
          <span className="font-normal text-muted-foreground">
            ({total === payout.amountCents ? strings.detail.matches : strings.detail.mismatch})
          </span>
        </span>
        <span className="tabular-nums" data-testid="payout-lines-total">
          {formatMoney(total, payout.currency)}
        </span>
      </p>
      {detail.hasNextPage || lines.length < payout.lineCount ? (
        <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
          <span>{strings.detail.showing(lines.length, payout.lineCount)}</span>
          {detail.isFetchNextPageError ? <span role="alert">{strings.detail.loadMoreFailed}</span> : null}
          {detail.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              disabled={detail.isFetchingNextPage}
              onClick={() => void detail.fetchNextPage()}
            >
              {detail.isFetchingNextPage ? strings.detail.loadingMore : strings.detail.loadMore}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={preparing !== null} onClick={() => void download('statement')}>
          <Download aria-hidden="true" />
          {preparing === 'statement' ? strings.exports.working : strings.exports.payoutStatement}
        </Button>
        <Button variant="outline" disabled={preparing !== null} onClick={() => void download('precoded')}>
          <Download aria-hidden="true" />
          {preparing === 'precoded' ? strings.exports.working : strings.exports.payoutPrecoded}
        </Button>
      </div>
    </div>
  );
}

function LineRow({ line, currency, timeZone }: { line: PayoutLine; currency: string; timeZone: string }) {
  const what = line.linkTitle ? `${strings.kinds[line.kind]}: ${line.linkTitle}` : strings.kinds[line.kind];
  // As the line's Xero row names it: a fee's payee is Stripe or Paylink, not the payer it was taken from.
  const payee = payoutLinePayee(line);
  return (
    <tr>
      <td className="py-2 pr-3 align-top whitespace-nowrap sm:pr-4">{formatDate(line.createdAt, timeZone)}</td>
      <td className="py-2 pr-3 align-top wrap-anywhere sm:pr-4">
        {what}
        {payee ? <span className="block text-muted-foreground sm:hidden">{payee}</span> : null}
      </td>
      <td className="hidden py-2 pr-4 align-top sm:table-cell wrap-anywhere">{payee}</td>
      <td className="py-2 text-right align-top whitespace-nowrap tabular-nums">
        {formatMoney(line.amountCents, currency)}
      </td>
    </tr>
  );
}
