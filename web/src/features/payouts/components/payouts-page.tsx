import { Landmark } from 'lucide-react';
import { useState } from 'react';
import type { MerchantProfile } from '@shared/contracts/merchant';
import type { PayoutSummary } from '@shared/contracts/payouts';
import { formatDate } from '@shared/format-date';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { LoadingState } from '@web/components/loading-state';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { formatMoney } from '@web/lib/format-money';
import { usePayoutPages } from '../api/payouts-api';
import { payoutsStrings as strings } from '../payouts-strings';
import { FeeStatementCard } from './fee-statement-card';
import { GstSummaryCard } from './gst-summary-card';
import { PayoutDetailPanel } from './payout-detail';
import { RangeExport } from './range-export';
import { XeroGuide } from './xero-guide';

/**
 * /dashboard/payouts: Stripe's payouts to the merchant's bank, newest arrival first; each opens to the
 * lines it is made of (adding up to it) and downloads as Xero CSVs; a date range exports the same way. A
 * GST-registered merchant's GST summary for a taxable period sits here too, beside the other books.
 */
export function PayoutsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <WithMerchantProfile
        labels={{ loading: strings.list.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
      >
        {(profile) => <Payouts profile={profile} />}
      </WithMerchantProfile>
    </div>
  );
}

const STATUS_VARIANT = {
  pending: 'neutral',
  in_transit: 'brand',
  paid: 'success',
  failed: 'destructive',
  canceled: 'warning',
} as const;

function Payouts({ profile }: { profile: MerchantProfile }) {
  const pages = usePayoutPages();
  const [open, setOpen] = useState<string | null>(null);

  if (pages.isPending) return <LoadingState label={strings.list.loading} />;
  if (pages.isLoadingError) {
    return (
      <LoadFailedCard
        title={strings.list.loadFailedTitle}
        message={strings.list.loadFailed}
        retryLabel={strings.retry}
        onRetry={() => void pages.refetch()}
        retrying={pages.isFetching}
      />
    );
  }
  const payouts = pages.data.pages.flatMap((page) => page.payouts);
  const gstRegistered = pages.data.pages[0]?.gstRegistered ?? false;
  const options = { timeZone: profile.timeZone, gstRegistered };

  return (
    <div className="flex flex-col gap-6">
      <RangeExport options={options} />
      <XeroGuide />
      <GstSummaryCard timeZone={profile.timeZone} gstRegistered={gstRegistered} />
      <FeeStatementCard timeZone={profile.timeZone} />
      <Card className="overflow-hidden">
        <CardHeader>
          <CardTitle as="h2">{strings.list.title}</CardTitle>
          <CardDescription>{strings.list.description}</CardDescription>
        </CardHeader>
        {payouts.length === 0 ? (
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            <Landmark aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">{strings.list.empty}</p>
            <p className="max-w-md text-sm text-muted-foreground">{strings.list.emptyHint}</p>
          </CardContent>
        ) : (
          <ul className="divide-y border-t">
            {payouts.map((payout) => (
              <PayoutRow
                key={payout.payoutId}
                payout={payout}
                timeZone={profile.timeZone}
                open={open === payout.payoutId}
                onToggle={() => setOpen(open === payout.payoutId ? null : payout.payoutId)}
                options={options}
              />
            ))}
          </ul>
        )}
        {pages.hasNextPage ? (
          <CardContent className="flex justify-center border-t pt-4">
            <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? strings.list.loadingMore : strings.list.loadMore}
            </Button>
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}

function PayoutRow({
  payout,
  timeZone,
  open,
  onToggle,
  options,
}: {
  payout: PayoutSummary;
  timeZone: string;
  open: boolean;
  onToggle: () => void;
  options: { timeZone: string; gstRegistered: boolean };
}) {
  // Stripe dates a payout's arrival as midnight UTC of the bank's day: that day, whatever the zone.
  const arrival = formatDate(payout.arrivalDate, 'UTC');
  const panelId = `payout-${payout.payoutId}`;
  return (
    <li>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="grid w-full grid-cols-2 gap-x-4 gap-y-1 px-6 py-4 text-left hover:bg-muted focus-visible:bg-muted sm:grid-cols-4 sm:items-center"
      >
        <span className="flex flex-col">
          <span className="text-xs text-muted-foreground">{strings.list.columns.arrival}</span>
          <span className="font-medium">{arrival}</span>
        </span>
        <span className="flex flex-col text-right sm:text-left">
          <span className="text-xs text-muted-foreground">{strings.list.columns.amount}</span>
          <span className="font-semibold tabular-nums">{formatMoney(payout.amountCents, payout.currency)}</span>
        </span>
        <span className="flex flex-col items-start">
          <span className="text-xs text-muted-foreground">{strings.list.columns.status}</span>
          <Badge variant={STATUS_VARIANT[payout.status]}>{strings.status[payout.status]}</Badge>
        </span>
        <span className="flex flex-col text-right sm:text-left">
          <span className="text-xs text-muted-foreground">{strings.list.columns.created}</span>
          <span>{formatDate(payout.createdAt, timeZone)}</span>
        </span>
      </button>
      {open ? (
        <div id={panelId} className="border-t bg-muted/40 px-6 py-4">
          <PayoutDetailPanel payoutId={payout.payoutId} options={options} />
        </div>
      ) : null}
    </li>
  );
}
