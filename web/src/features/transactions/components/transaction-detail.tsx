import { Copy, ExternalLink, Mail, ReceiptText } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { Dispute, PaymentSummary, Refund } from '@shared/contracts/payments';
import { formatDateTime } from '@shared/format-date';
import { moneyKeptOf } from '@shared/money';
import type { Role } from '@shared/roles';
import { statusDisplayOf } from '@shared/payment-status-display';
import { PaymentStatusBadge } from '@web/components/payment-status-badge';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/format-money';
import { usePaymentDetail, useResendReceipt } from '../api/transactions-api';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import {
  disputeNeedsResponse,
  disputeReasonText,
  disputeStatusText,
  paymentMethodText,
  refundStatusText,
} from '../transaction-display';
import { transactionsStrings } from '../transactions-strings';
import { ExternalButton } from './external-button';
import { RefundButton } from './refund-dialog';
import { phoneForReading } from '@shared/phone-number';
import { RoleGate, teamStrings } from '@web/features/team';

const strings = transactionsStrings.detail;

/**
 * An opened payment: what the list row already knows at once, and the
 * method, fees, receipt and Stripe links from GET /api/me/payments/{id}. If that read fails it is only
 * logged and the panel keeps to what the row knows.
 */
export function TransactionDetail({
  id,
  payment,
  timeZone,
}: {
  id: string;
  payment: PaymentSummary;
  timeZone: string;
}) {
  const detail = usePaymentDetail(payment.paymentId);
  const { copy: copyToClipboard } = useCopyToClipboard();
  // Says what was copied: 'Copied!' / 'Transaction ID copied to clipboard'.
  const copy = (value: string, what: string) =>
    copyToClipboard(value, {
      copied: { title: transactionsStrings.copy.copied, description: transactionsStrings.copy.copiedDetail(what) },
      failed: { title: transactionsStrings.errorTitle, description: transactionsStrings.copy.failed },
    });
  useEffect(() => {
    if (detail.isError) console.error(`Could not load the details of payment ${payment.paymentId}`, detail.error);
  }, [detail.isError, detail.error, payment.paymentId]);

  const known = detail.data;
  // The detail is the fresher of the two right after a refund (its answer lands before the list's re-read).
  const current = known ?? payment;
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const date = formatDateTime(payment.createdAt, timeZone);
  const status = statusDisplayOf(current.status, current.moneyState);
  const method = known ? paymentMethodText(known, strings.card) : null;
  // What the merchant keeps, as the CSV's Net and the payout have it (docs/decisions.md #269).
  const kept = known ? moneyKeptOf(known) : null;

  return (
    <div
      id={id}
      role="region"
      aria-label={transactionsStrings.list.detailsFor(payment.linkTitle, date)}
      className="flex flex-col gap-6 bg-surface p-4 sm:p-6"
    >
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <DetailSection title={strings.transactionHeading}>
          <DetailRow label={strings.transactionId} copy={() => void copy(payment.paymentId, strings.transactionId)}>
            {/* Whole, as the payer's success page and receipt show it (docs/decisions.md #29); wraps if it must. */}
            <code className="font-mono break-all">{payment.paymentId}</code>
          </DetailRow>
          <DetailRow
            label={strings.stripeId}
            copy={payment.paymentIntentId ? () => void copy(payment.paymentIntentId!, strings.stripeId) : undefined}
          >
            {payment.paymentIntentId ? (
              <code className="min-w-0 truncate font-mono" title={payment.paymentIntentId}>
                {payment.paymentIntentId}
              </code>
            ) : (
              strings.none
            )}
          </DetailRow>
          <DetailRow label={strings.status} copy={() => void copy(status, strings.status)}>
            <PaymentStatusBadge status={current.status} moneyState={current.moneyState} />
          </DetailRow>
          {current.status === 'pending' ? (
            <DetailRow label={strings.processingLabel}>
              <span className="text-sm break-words">{strings.processing}</span>
            </DetailRow>
          ) : null}
          <DetailRow label={strings.date} copy={() => void copy(date, strings.date)}>
            <time dateTime={payment.createdAt}>{date}</time>
          </DetailRow>
          {payment.subscriptionPayment ? (
            <DetailRow label={strings.subscription}>
              <span className="break-words">
                {strings.subscriptionPayment(payment.subscriptionPayment, payment.recurringTerms ?? null)}
              </span>
            </DetailRow>
          ) : null}
        </DetailSection>

        <DetailSection title={strings.paymentHeading}>
          <DetailRow label={strings.amount}>{money(payment.amountCents)}</DetailRow>
          {payment.tipCents > 0 ? <DetailRow label={strings.tip}>{money(payment.tipCents)}</DetailRow> : null}
          <DetailRow label={strings.total}>
            <span className="font-semibold">{money(payment.totalCents)}</span>
          </DetailRow>
          {current.refundedCents > 0 ? (
            <DetailRow label={strings.refunded}>{money(current.refundedCents)}</DetailRow>
          ) : null}
          {known ? (
            <>
              {method ? <DetailRow label={strings.method}>{method}</DetailRow> : null}
              {known.stripeFeeCents !== null ? (
                <DetailRow label={strings.stripeFee}>{money(known.stripeFeeCents)}</DetailRow>
              ) : null}
              {known.productFeeCents > 0 ? (
                <DetailRow label={strings.paylinkFee}>{money(known.productFeeCents)}</DetailRow>
              ) : null}
              {kept && kept.paylinkFeeReturnedCents > 0 ? (
                <DetailRow label={strings.paylinkFeeReturned}>{money(kept.paylinkFeeReturnedCents)}</DetailRow>
              ) : null}
              {kept?.netCents != null ? (
                <DetailRow label={strings.net}>
                  <span className="font-semibold">{money(kept.netCents)}</span>
                </DetailRow>
              ) : null}
              {known.lastError ? <DetailRow label={strings.lastError}>{known.lastError}</DetailRow> : null}
            </>
          ) : detail.isFetching ? (
            <p role="status" className="text-sm text-muted-foreground">
              {strings.loadingDetails}
            </p>
          ) : null}
        </DetailSection>

        <DetailSection title={strings.customerHeading}>
          <DetailRow label={strings.name}>{payment.payerName || strings.anonymous}</DetailRow>
          <DetailRow
            label={strings.email}
            copy={payment.payerEmail ? () => void copy(payment.payerEmail!, strings.email) : undefined}
          >
            <span className="break-all">{payment.payerEmail || strings.none}</span>
          </DetailRow>
          {payment.payerPhone ? (
            <DetailRow label={strings.phone} copy={() => void copy(payment.payerPhone!, strings.phone)}>
              <span className="break-all">{phoneForReading(payment.payerPhone)}</span>
            </DetailRow>
          ) : null}
          {known?.emailRefusal ? (
            <DetailRow label={strings.emailRefused[known.emailRefusal.kind]}>
              <span role="note" className="break-words text-destructive">
                {known.emailRefusal.reason}
              </span>
            </DetailRow>
          ) : null}
          <DetailRow label={strings.paymentLink}>
            {known?.linkDeleted ? (
              <span className="text-muted-foreground italic">{strings.deletedLink}</span>
            ) : (
              <span className="flex flex-col gap-1">
                <span className="break-words">{payment.linkTitle}</span>
                {payment.linkDescription ? (
                  <span className="text-xs break-words text-muted-foreground">{payment.linkDescription}</span>
                ) : null}
              </span>
            )}
          </DetailRow>
          {payment.reference ? (
            <DetailRow label={strings.reference}>
              <span className="break-all">{payment.reference}</span>
            </DetailRow>
          ) : null}
          {/* The payer's answers to the link's questions (docs/decisions.md #76): their own text, as text. */}
          {payment.customFields.map((answer) => (
            <DetailRow key={answer.key} label={answer.label}>
              <span className="break-words">{answer.value}</span>
            </DetailRow>
          ))}
        </DetailSection>
      </div>

      {known && (known.refunds.length > 0 || known.dispute) ? (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {known.refunds.length > 0 ? (
            <RefundsSection refunds={known.refunds} money={money} timeZone={timeZone} />
          ) : null}
          {known.dispute ? <DisputeSection dispute={known.dispute} money={money} timeZone={timeZone} /> : null}
        </div>
      ) : null}

      {known &&
      (known.stripeDashboardUrl ||
        known.receiptUrl ||
        known.receiptPath ||
        known.refundableCents > 0 ||
        canResendReceipt(known)) ? (
        <div className="flex flex-wrap gap-2">
          {known.refundableCents > 0 ? (
            <RoleGate
              least="manager"
              why={(role) => <p className="w-full text-sm text-muted-foreground">{teamStrings.refundHidden(role)}</p>}
            >
              <RefundButton payment={known} />
            </RoleGate>
          ) : null}
          {canResendReceipt(known) ? (
            <RoleGate least="manager">
              <ResendReceiptButton paymentId={known.paymentId} />
            </RoleGate>
          ) : null}
          {known.stripeDashboardUrl ? (
            <RoleGate least="owner" why={stripeHiddenNote}>
              <ExternalButton href={known.stripeDashboardUrl} icon={<ExternalLink aria-hidden="true" />}>
                {strings.viewInStripe}
              </ExternalButton>
            </RoleGate>
          ) : null}
          {known.receiptPath ? (
            <ExternalButton href={known.receiptPath} icon={<ReceiptText aria-hidden="true" />}>
              {strings.viewTaxReceipt(known.receiptNumber ?? null)}
            </ExternalButton>
          ) : null}
          {known.receiptUrl ? (
            <ExternalButton href={known.receiptUrl} icon={<ReceiptText aria-hidden="true" />}>
              {strings.viewReceipt}
            </ExternalButton>
          ) : null}
        </div>
      ) : null}
      {known?.receiptPath && known.receiptUrl ? (
        <p className="text-xs text-muted-foreground">{strings.receiptsExplained(known.receiptNumber ?? null)}</p>
      ) : null}
    </div>
  );
}

/**
 * Stripe's dashboard is the account of the business's owner, who connected it; Paylink gives no one else a way
 * in, and it shows the payouts only an owner sees here (docs/decisions.md #268).
 */
function stripeHiddenNote(role: Role) {
  // A line of its own, so the buttons beside it line up after the sentences.
  return <p className="w-full text-sm text-muted-foreground">{teamStrings.stripeHidden(role)}</p>;
}

/** A receipt exists once the payment succeeded, and has somewhere to go once the payer gave an email. */
function canResendReceipt(payment: PaymentSummary): boolean {
  return payment.status === 'succeeded' && Boolean(payment.payerEmail);
}

/** 'Resend receipt': only ever to the payer's own checkout address (docs/decisions.md #69, #89). */
function ResendReceiptButton({ paymentId }: { paymentId: string }) {
  const resend = useResendReceipt(paymentId);
  return (
    <Button variant="outline" onClick={resend.send} disabled={resend.pending}>
      <Mail aria-hidden="true" />
      {resend.pending ? strings.resendingReceipt : strings.resendReceipt}
    </Button>
  );
}

/** Each refund, oldest first: its amount, its state in plain words, and when it was made (merchant's clock). */
function RefundsSection({
  refunds,
  money,
  timeZone,
}: {
  refunds: Refund[];
  money: (cents: number) => string;
  timeZone: string;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <h3 className="text-sm font-semibold">{strings.refundsHeading}</h3>
      <ul aria-label={strings.refundsList} className="flex flex-col gap-2 text-sm">
        {refunds.map((refund) => (
          <li key={refund.refundId} className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <span className="font-medium tabular-nums">
              {refund.refundedBy
                ? strings.refundedBy(money(refund.amountCents), refund.refundedBy)
                : money(refund.amountCents)}
            </span>
            <span className={refund.status === 'failed' ? 'text-destructive' : undefined}>
              {refundStatusText(refund)}
            </span>
            <time dateTime={refund.createdAt} className="text-muted-foreground tabular-nums">
              {formatDateTime(refund.createdAt, timeZone)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A card holder's dispute: where it stands, why, how much, and (while Stripe waits) the deadline and the way to respond. */
function DisputeSection({
  dispute,
  money,
  timeZone,
}: {
  dispute: Dispute;
  money: (cents: number) => string;
  timeZone: string;
}) {
  const needsResponse = disputeNeedsResponse(dispute.status);
  return (
    <section className="flex min-w-0 flex-col gap-3 md:col-span-2">
      <h3 className="text-sm font-semibold">{strings.disputeHeading}</h3>
      <dl className="flex flex-col gap-2 text-sm">
        <DetailRow label={strings.disputeStatus}>
          <span className={needsResponse ? 'font-medium text-destructive' : undefined}>
            {disputeStatusText(dispute.status)}
          </span>
        </DetailRow>
        {dispute.reason ? (
          <DetailRow label={strings.disputeReason}>{disputeReasonText(dispute.reason)}</DetailRow>
        ) : null}
        <DetailRow label={strings.disputeAmount}>{money(dispute.amountCents)}</DetailRow>
        <DetailRow label={strings.disputeOpened}>
          <time dateTime={dispute.createdAt}>{formatDateTime(dispute.createdAt, timeZone)}</time>
        </DetailRow>
      </dl>
      {needsResponse && dispute.evidenceDueBy ? (
        <p className="text-sm font-medium">
          <time dateTime={dispute.evidenceDueBy}>
            {strings.respondBy(formatDateTime(dispute.evidenceDueBy, timeZone))}
          </time>
        </p>
      ) : null}
      {dispute.respondUrl ? (
        <RoleGate least="owner" why={stripeHiddenNote}>
          <ExternalButton href={dispute.respondUrl} icon={<ExternalLink aria-hidden="true" />} className="self-start">
            {strings.respondInStripe}
          </ExternalButton>
        </RoleGate>
      ) : null}
    </section>
  );
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="flex flex-col gap-2 text-sm">{children}</dl>
    </section>
  );
}

/** One fact: its label, its value, and (for what a merchant pastes elsewhere) a copy button. */
function DetailRow({ label, copy, children }: { label: string; copy?: () => void; children: ReactNode }) {
  return (
    <div className="flex min-h-8 items-center justify-between gap-4">
      <dt className="max-w-[60%] shrink-0 break-words text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center justify-end gap-1 text-right">
        {children}
        {copy ? (
          <Button variant="ghost" size="sm" className="size-8 px-0" aria-label={strings.copy(label)} onClick={copy}>
            <Copy aria-hidden="true" />
          </Button>
        ) : null}
      </dd>
    </div>
  );
}
