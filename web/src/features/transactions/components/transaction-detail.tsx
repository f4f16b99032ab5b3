import { Copy, ExternalLink, ReceiptText } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { PaymentSummary } from '../../../../../shared/contracts/payments';
import { formatDateTime } from '../../../../../shared/format-date';
import { statusDisplayOf } from '../../../../../shared/payment-status-display';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format-money';
import { usePaymentDetail } from '../api/transactions-api';
import { useCopyText } from '../hooks/use-copy-text';
import { paymentMethodText, shortId } from '../transaction-display';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.detail;

/**
 * An opened payment (spec §2 "Expanded detail"): what the list row already knows at once, and the
 * method, fees, receipt and Stripe links from GET /api/me/payments/{id}. If that read fails it is only
 * logged (spec §8) and the panel keeps to what the row knows.
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
  const copy = useCopyText();
  useEffect(() => {
    if (detail.isError) console.error(`Could not load the details of payment ${payment.paymentId}`, detail.error);
  }, [detail.isError, detail.error, payment.paymentId]);

  const known = detail.data;
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const date = formatDateTime(payment.createdAt, timeZone);
  const status = statusDisplayOf(payment.status);
  const method = known ? paymentMethodText(known, strings.card) : null;

  return (
    <div
      id={id}
      role="region"
      aria-label={transactionsStrings.list.detailsFor(payment.linkTitle, date)}
      className="flex flex-col gap-6 bg-surface p-4 sm:p-6"
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <DetailSection title={strings.transactionHeading}>
          <DetailRow label={strings.transactionId} copy={() => void copy(payment.paymentId, strings.transactionId)}>
            <code className="font-mono">{shortId(payment.paymentId)}</code>
          </DetailRow>
          <DetailRow
            label={strings.stripeId}
            copy={payment.paymentIntentId ? () => void copy(payment.paymentIntentId!, strings.stripeId) : undefined}
          >
            {payment.paymentIntentId ? (
              <code className="font-mono">{shortId(payment.paymentIntentId)}</code>
            ) : (
              strings.none
            )}
          </DetailRow>
          <DetailRow label={strings.status} copy={() => void copy(status, strings.status)}>
            <PaymentStatusBadge status={payment.status} />
          </DetailRow>
          <DetailRow label={strings.date} copy={() => void copy(date, strings.date)}>
            <time dateTime={payment.createdAt}>{date}</time>
          </DetailRow>
        </DetailSection>

        <DetailSection title={strings.paymentHeading}>
          <DetailRow label={strings.amount}>{money(payment.amountCents)}</DetailRow>
          {payment.tipCents > 0 ? <DetailRow label={strings.tip}>{money(payment.tipCents)}</DetailRow> : null}
          <DetailRow label={strings.total}>
            <span className="font-semibold">{money(payment.totalCents)}</span>
          </DetailRow>
          {known ? (
            <>
              {method ? <DetailRow label={strings.method}>{method}</DetailRow> : null}
              {known.stripeFeeCents !== null ? (
                <DetailRow label={strings.stripeFee}>{money(known.stripeFeeCents)}</DetailRow>
              ) : null}
              {known.productFeeCents > 0 ? (
                <DetailRow label={strings.paylinkFee}>{money(known.productFeeCents)}</DetailRow>
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
        </DetailSection>
      </div>

      {known?.stripeDashboardUrl || known?.receiptUrl ? (
        <div className="flex flex-wrap gap-2">
          {known.stripeDashboardUrl ? (
            <ExternalButton href={known.stripeDashboardUrl} icon={<ExternalLink aria-hidden="true" />}>
              {strings.viewInStripe}
            </ExternalButton>
          ) : null}
          {known.receiptUrl ? (
            <ExternalButton href={known.receiptUrl} icon={<ReceiptText aria-hidden="true" />}>
              {strings.viewReceipt}
            </ExternalButton>
          ) : null}
        </div>
      ) : null}
    </div>
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
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
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

/** A link out of Paylink (Stripe's dashboard, the receipt), opened in a new tab that cannot reach back. */
function ExternalButton({ href, icon, children }: { href: string; icon: ReactNode; children: string }) {
  return (
    <Button variant="outline" asChild>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        {children}
        <span className="sr-only"> {strings.opensInNewTab}</span>
      </a>
    </Button>
  );
}
