import { ReceiptText, RefreshCw, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@web/lib/toast';
import type { MerchantProfile } from '@shared/contracts/merchant';
import { LiveIndicator } from '@web/components/live-indicator';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { LoadingState } from '@web/components/loading-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { useTransactionPages } from '../api/transactions-api';
import { useExportCsv } from '../hooks/use-export-csv';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { transactionsStrings as strings } from '../transactions-strings';
import { ExportCsvButton, ExportProgress } from './export-csv-control';
import { TransactionFilterPanel } from './transaction-filter-panel';
import { TransactionList } from './transaction-list';

const LOAD_FAILED_TOAST_ID = 'transactions-load-failed';

/**
 * /dashboard/transactions: the merchant's payments, filtered by the
 * panel (kept in the URL), a page at a time, each opening its detail; exported as CSV; kept live by the
 * dashboard's realtime connection.
 */
export function TransactionsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description}>
        <LiveIndicator />
      </PageHeader>
      <WithMerchantProfile
        labels={{ loading: strings.list.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
      >
        {(profile) => <Transactions profile={profile} />}
      </WithMerchantProfile>
    </div>
  );
}

function Transactions({ profile }: { profile: MerchantProfile }) {
  const filters = useTransactionFilters();
  const pages = useTransactionPages(filters.applied);
  const exportCsv = useExportCsv(filters.applied, profile.timeZone);

  // A failed load is a toast ('Error' / 'Failed to load transactions'), once per failure.
  useEffect(() => {
    if (pages.isError) {
      toast.error(strings.errorTitle, { id: LOAD_FAILED_TOAST_ID, description: strings.list.loadFailed });
    }
  }, [pages.isError, pages.errorUpdatedAt]);

  const payments = pages.data?.pages.flatMap((page) => page.payments);
  const refreshing = pages.isFetching && !pages.isPending && !pages.isFetchingNextPage;

  return (
    <div className="flex flex-col gap-6">
      <TransactionFilterPanel filters={filters} />

      <Card className="overflow-hidden">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-2">
            <CardTitle as="h2">{strings.list.title}</CardTitle>
            <CardDescription>
              {payments && payments.length > 0 ? strings.list.shown(payments.length) : strings.list.description}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => void pages.refetch()}
              disabled={filters.applied === null || pages.isFetching}
            >
              <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
              {refreshing ? strings.list.refreshing : strings.list.refresh}
            </Button>
            <ExportCsvButton
              disabled={filters.applied === null || !payments || (payments.length === 0 && !pages.hasNextPage)}
              exporting={exportCsv.exporting}
              onStart={() => void exportCsv.start()}
            />
          </div>
        </CardHeader>
        {exportCsv.exporting ? <ExportProgress count={exportCsv.count} onCancel={exportCsv.cancel} /> : null}

        {filters.applied === null ? (
          <EmptyState icon={SearchX} title={strings.list.invalidFilters} />
        ) : payments ? (
          payments.length === 0 && pages.hasNextPage ? (
            // A sparse filter can spend a request's read budget without a match: older payments remain.
            <>
              <EmptyState icon={SearchX} title={strings.list.noMatchYet} hint={strings.list.noMatchYetHint} />
              <div className="flex justify-center px-6 pb-8">
                <Button
                  variant="outline"
                  onClick={() => void pages.fetchNextPage()}
                  disabled={pages.isFetchingNextPage}
                >
                  {pages.isFetchingNextPage ? strings.list.loadingMore : strings.list.searchOlder}
                </Button>
              </div>
            </>
          ) : payments.length === 0 ? (
            <EmptyState
              icon={filters.active ? SearchX : ReceiptText}
              title={strings.list.empty}
              hint={filters.active ? strings.list.emptyFilteredHint : strings.list.emptyHint}
            />
          ) : (
            <>
              <TransactionList payments={payments} timeZone={profile.timeZone} />
              {pages.hasNextPage ? (
                <div className="flex justify-center border-t border-border p-4">
                  <Button
                    variant="outline"
                    onClick={() => void pages.fetchNextPage()}
                    disabled={pages.isFetchingNextPage}
                  >
                    {pages.isFetchingNextPage ? strings.list.loadingMore : strings.list.loadMore}
                  </Button>
                </div>
              ) : null}
            </>
          )
        ) : pages.isError ? (
          <div className="border-t border-border p-6">
            <LoadFailedCard
              title={strings.list.loadFailed}
              message={pages.error.message}
              retryLabel={strings.retry}
              onRetry={() => void pages.refetch()}
              retrying={pages.isFetching}
            />
          </div>
        ) : (
          <div className="border-t border-border px-6">
            <LoadingState label={strings.list.loading} />
          </div>
        )}
      </Card>
    </div>
  );
}

function EmptyState({ icon: Icon, title, hint }: { icon: typeof ReceiptText; title: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 border-t border-border px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
