import { Download, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MerchantProfile } from '@shared/contracts/merchant';
import type { Subscriber } from '@shared/contracts/subscribers';
import { formatDate } from '@shared/format-date';
import { repeatPriceWords } from '@shared/recurring';
import { subscribersCsv } from '@shared/subscribers-csv';
import { CSV_BYTE_ORDER_MARK } from '@shared/transactions-csv';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ListCard, ListCell } from '@web/components/list-card';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { toast } from '@web/lib/toast';
import { useCancelSubscriber, useSubscribers } from '../api/subscribers-api';
import { subscribersStrings as strings } from '../subscribers-strings';

/**
 * /dashboard/subscribers: the payers of the merchant's recurring links (issue 45, docs/decisions.md #155), each
 * active, past due, cancelled or completed, with payments made and the next payment date; filter by link,
 * download as CSV, cancel one now or at the period's end. Not behind the plan's gate (#159).
 */
export function SubscribersPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description} />
      <WithMerchantProfile
        labels={{ loading: strings.list.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
      >
        {(profile) => <Subscribers profile={profile} />}
      </WithMerchantProfile>
    </div>
  );
}

const STATUS_VARIANT = { active: 'success', past_due: 'warning', cancelled: 'neutral', completed: 'brand' } as const;

function Subscribers({ profile }: { profile: MerchantProfile }) {
  const [params, setParams] = useSearchParams();
  const linkId = params.get('linkId');
  const all = useSubscribers(null);
  const shown = useSubscribers(linkId);
  const [cancelling, setCancelling] = useState<Subscriber | null>(null);

  return (
    <ListCard
      query={shown}
      itemsOf={(data) => data.subscribers}
      words={strings.list}
      retryLabel={strings.retry}
      emptyIcon={Repeat}
      controls={(list) => {
        const links = new Map(
          (all.data?.subscribers ?? list).map((subscriber) => [subscriber.linkId, subscriber.linkTitle]),
        );
        return (
          <>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {strings.filterLabel}
              <select
                className="h-10 rounded-md border border-input bg-background px-3"
                value={linkId ?? ''}
                onChange={(event) => setParams(event.target.value ? { linkId: event.target.value } : {})}
              >
                <option value="">{strings.allLinks}</option>
                {[...links].map(([id, title]) => (
                  <option key={id} value={id}>
                    {title}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="outline" disabled={list.length === 0} onClick={() => downloadCsv(list, profile.timeZone)}>
              <Download aria-hidden="true" />
              {strings.downloadCsv}
            </Button>
          </>
        );
      }}
      after={<CancelDialog subscriber={cancelling} onClose={() => setCancelling(null)} />}
    >
      {(subscriber) => (
        <SubscriberRow
          key={subscriber.subscriptionId}
          subscriber={subscriber}
          timeZone={profile.timeZone}
          onCancel={() => setCancelling(subscriber)}
        />
      )}
    </ListCard>
  );
}

function customerOf(subscriber: Subscriber) {
  return subscriber.payerName ?? subscriber.payerEmail ?? strings.list.noName;
}

function SubscriberRow({
  subscriber,
  timeZone,
  onCancel,
}: {
  subscriber: Subscriber;
  timeZone: string;
  onCancel: () => void;
}) {
  const running = subscriber.status === 'active' || subscriber.status === 'past_due';
  const columns = strings.list.columns;
  return (
    <li className="grid grid-cols-2 gap-x-4 gap-y-2 px-6 py-4 sm:grid-cols-[2fr_1.5fr_1fr_1fr_1fr_auto] sm:items-center">
      <ListCell label={columns.customer} className="col-span-2 flex min-w-0 flex-col sm:col-span-1">
        <span className="font-medium break-words">{customerOf(subscriber)}</span>
        <span className="text-sm break-words text-muted-foreground">{subscriber.linkTitle}</span>
      </ListCell>
      <ListCell label={columns.amount}>
        <span className="font-semibold tabular-nums">
          {repeatPriceWords(subscriber.amountCents, subscriber.currency, {
            every: subscriber.every,
            payments: null,
          })}
        </span>
      </ListCell>
      <ListCell label={columns.status} className="flex flex-col items-start gap-1">
        <Badge variant={STATUS_VARIANT[subscriber.status]}>{strings.status[subscriber.status]}</Badge>
        {subscriber.endedReason ? (
          <span className="text-xs text-muted-foreground">{subscriber.endedReason}</span>
        ) : null}
        {running && subscriber.endsAtPeriodEnd ? (
          <span className="text-xs text-muted-foreground">{strings.list.endsAtPeriodEnd}</span>
        ) : null}
      </ListCell>
      <ListCell label={columns.payments}>
        <span className="tabular-nums">
          {strings.list.paymentsMade(subscriber.paymentsMade, subscriber.paymentsPlanned)}
        </span>
      </ListCell>
      <ListCell label={columns.next}>
        {subscriber.nextPaymentAt ? (
          <time dateTime={subscriber.nextPaymentAt}>{formatDate(subscriber.nextPaymentAt, timeZone)}</time>
        ) : (
          <span aria-label="None">—</span>
        )}
      </ListCell>
      <span className="flex items-center sm:justify-end">
        {running && !subscriber.endsAtPeriodEnd ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`${strings.cancel.action} ${customerOf(subscriber)}`}
            onClick={onCancel}
          >
            {strings.cancel.action}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function CancelDialog({ subscriber, onClose }: { subscriber: Subscriber | null; onClose: () => void }) {
  const cancel = useCancelSubscriber();
  const words = strings.cancel;
  const confirm = (when: 'now' | 'period_end') => {
    if (!subscriber || cancel.isPending) return;
    cancel.mutate(
      { subscriptionId: subscriber.subscriptionId, when },
      {
        onSuccess: () => {
          toast.success(words.done);
          onClose();
        },
        onError: (error) => toast.error(words.failed, { description: error.message }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={subscriber !== null}
      onClose={onClose}
      title={words.title}
      description={subscriber ? words.description(customerOf(subscriber)) : ''}
      keepLabel={words.keep}
      busy={cancel.isPending}
    >
      <Button type="button" variant="outline" onClick={() => confirm('period_end')} disabled={cancel.isPending}>
        {words.atPeriodEnd}
      </Button>
      <Button type="button" variant="destructive" onClick={() => confirm('now')} disabled={cancel.isPending}>
        {words.now}
      </Button>
    </ConfirmDialog>
  );
}

function downloadCsv(subscribers: readonly Subscriber[], timeZone: string) {
  const blob = new Blob([CSV_BYTE_ORDER_MARK, subscribersCsv(subscribers, timeZone)], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'paylink-subscribers.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
