import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { MerchantProfile } from '@shared/contracts/merchant';
import type { PaymentRequest } from '@shared/contracts/payment-requests';
import { formatDate, formatDateTime } from '@shared/format-date';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ListCard, ListCell } from '@web/components/list-card';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { formatMoney } from '@web/lib/format-money';
import { sharedControlShownTo, teamStrings, useCurrentRole } from '@web/features/team';
import { useCancelRequest, useRequests } from '../api/requests-api';
import { requestsStrings as strings } from '../requests-strings';
import { SendRequestDialog } from './send-request-dialog';

/**
 * /dashboard/requests: the payment requests the merchant has emailed (docs/decisions.md #79), each Sent,
 * Reminded, Paid (with its payment) or Cancelled; a one-off request starts here, a link's from its menu.
 */
export function RequestsPage() {
  const [sending, setSending] = useState(false);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={strings.heading} description={strings.description}>
        <Button className="ml-auto" onClick={() => setSending(true)}>
          <Plus aria-hidden="true" />
          {strings.newRequest}
        </Button>
      </PageHeader>
      <SendRequestDialog link={null} open={sending} onOpenChange={setSending} />
      <WithMerchantProfile
        labels={{ loading: strings.list.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
      >
        {(profile) => <Requests profile={profile} />}
      </WithMerchantProfile>
    </div>
  );
}

const STATUS_VARIANT = { sent: 'brand', reminded: 'warning', paid: 'success', cancelled: 'neutral' } as const;

function Requests({ profile }: { profile: MerchantProfile }) {
  const requests = useRequests();
  const [cancelling, setCancelling] = useState<PaymentRequest | null>(null);
  // Staff send requests; cancelling one is a manager's (docs/decisions.md #161).
  const role = useCurrentRole();
  const canCancel = sharedControlShownTo(role, 'manager');

  return (
    <ListCard
      query={requests}
      itemsOf={(data) => data.requests}
      words={strings.list}
      retryLabel={strings.retry}
      emptyIcon={Mail}
      after={
        <>
          {role && !canCancel && requests.data?.requests.length ? (
            <p className="border-t border-border px-6 py-4 text-sm text-muted-foreground">
              {teamStrings.requestCancelHidden(role)}
            </p>
          ) : null}
          <CancelDialog request={cancelling} onClose={() => setCancelling(null)} />
        </>
      }
    >
      {(request) => (
        <RequestRow
          key={request.requestId}
          request={request}
          timeZone={profile.timeZone}
          onCancel={canCancel ? () => setCancelling(request) : undefined}
        />
      )}
    </ListCard>
  );
}

function customerOf(request: PaymentRequest) {
  return request.payerName ?? request.payerEmail;
}

function RequestRow({
  request,
  timeZone,
  onCancel,
}: {
  request: PaymentRequest;
  timeZone: string;
  /** Absent for a role that may not cancel. */
  onCancel?: () => void;
}) {
  const open = request.status === 'sent' || request.status === 'reminded';
  return (
    <li className="grid grid-cols-2 gap-x-4 gap-y-2 px-6 py-4 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-center">
      <ListCell label={strings.list.columns.customer} className="col-span-2 flex min-w-0 flex-col sm:col-span-1">
        <span className="font-medium break-words">{customerOf(request)}</span>
        {request.payerName ? (
          <span className="text-sm break-all text-muted-foreground">{request.payerEmail}</span>
        ) : null}
        <span className="text-sm break-words text-muted-foreground">{request.title}</span>
      </ListCell>
      <ListCell label={strings.list.columns.amount}>
        <span className="font-semibold tabular-nums">
          {request.amountCents === null ? strings.list.payerEnters : formatMoney(request.amountCents, request.currency)}
        </span>
      </ListCell>
      <ListCell label={strings.list.columns.status} className="flex flex-col items-start gap-1">
        <Badge variant={STATUS_VARIANT[request.status]}>{strings.status[request.status]}</Badge>
        {request.status === 'paid' && request.paymentId ? (
          <Link
            to={`/dashboard/transactions?transactionId=${encodeURIComponent(request.paymentId)}`}
            className="text-sm font-medium text-primary underline underline-offset-4"
          >
            {strings.list.viewPayment}
          </Link>
        ) : null}
        {request.remindAt ? (
          <span className="text-xs text-muted-foreground">
            {strings.list.reminderDue(formatDateTime(request.remindAt, timeZone))}
          </span>
        ) : null}
        {request.reminderFailure ? <span className="text-xs text-destructive">{request.reminderFailure}</span> : null}
      </ListCell>
      <ListCell label={strings.list.columns.sent}>
        <time dateTime={request.createdAt}>{formatDate(request.createdAt, timeZone)}</time>
      </ListCell>
      <span className="flex items-center sm:justify-end">
        {open && onCancel ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={strings.list.cancelFor(customerOf(request))}
            onClick={onCancel}
          >
            {strings.list.cancel}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function CancelDialog({ request, onClose }: { request: PaymentRequest | null; onClose: () => void }) {
  const cancel = useCancelRequest();
  const dialog = strings.cancelDialog;
  const confirm = () => {
    if (!request || cancel.isPending) return;
    cancel.mutate(request.requestId, {
      onSuccess: () => {
        toast.success(dialog.done);
        onClose();
      },
      onError: (error) => toast.error(dialog.failed, { description: error.message }),
    });
  };
  return (
    <ConfirmDialog
      open={request !== null}
      onClose={onClose}
      title={dialog.title}
      description={
        <>
          {request ? dialog.description(customerOf(request)) : ''}
          {request?.oneOff ? ` ${dialog.oneOffNote}` : ''}
        </>
      }
      keepLabel={dialog.keep}
      busy={cancel.isPending}
    >
      <Button type="button" variant="destructive" onClick={confirm} disabled={cancel.isPending}>
        {cancel.isPending ? dialog.cancelling : dialog.confirm}
      </Button>
    </ConfirmDialog>
  );
}
