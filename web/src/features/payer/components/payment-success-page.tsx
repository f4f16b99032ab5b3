import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { Suspense, use } from 'react';
import { formatMoney } from '@web/lib/format-money';
import { DEFAULT_CURRENCY } from '@shared/brand';
import { loadOnce } from '../api/load-once';
import { getPaymentResult } from '../api/payer-api';
import { pageTitle, payerStrings } from '../payer-strings';
import { BusinessWebsiteLink } from './business-website-link';
import { EmailReceiptButton } from './email-receipt-button';
import { PayerLoading, PayerShell } from './payer-shell';
import { PayerStatusCard } from './payer-status-card';
import { payerButton } from '@shared/payer-page-look';

const strings = payerStrings.success;

/**
 * /payment-success?session_id=cs_…, where Stripe sends the payer after paying. The transaction id shown is
 * Paylink's payment id, the one the receipt and the merchant's Transactions show (docs/decisions.md #29).
 * The server verifies the session with Stripe and settles the payment; if that fails the payer sees the
 * yellow 'Payment Processed' variant rather than a claim nobody checked. A bank debit Stripe is still
 * processing says so ('Payment Processing'): Checkout is done, the money is with the bank for days.
 */
export function PaymentSuccessPage({ sessionId }: { sessionId: string }) {
  return (
    <PayerShell>
      <Suspense fallback={<PayerLoading label={strings.verifying} title={pageTitle(strings.documentTitle)} />}>
        <VerifiedPayment sessionId={sessionId} />
      </Suspense>
    </PayerShell>
  );
}

function VerifiedPayment({ sessionId }: { sessionId: string }) {
  const outcome = sessionId ? use(loadOnce(`verify:${sessionId}`, () => getPaymentResult(sessionId))) : null;
  const result = outcome?.ok && outcome.value.verified ? outcome.value : null;
  const website = outcome?.ok ? outcome.value.business_website : null;

  const actions = (
    <div className="flex w-full flex-col gap-3">
      {result?.customer_email ? (
        <EmailReceiptButton sessionId={sessionId} customerEmail={result.customer_email} />
      ) : null}
      {result?.receipt_path ? (
        <a href={result.receipt_path} className={payerButton({ variant: 'outline' })}>
          {strings.viewReceipt}
        </a>
      ) : null}
      <BusinessWebsiteLink url={website} variant="ghost" />
    </div>
  );

  const processing = outcome?.ok && outcome.value.status === 'pending' ? outcome.value : null;
  if (processing) {
    const payee = processing.business_name ?? processing.link_title;
    return (
      <PayerStatusCard
        title={pageTitle(strings.processingTitle)}
        tone="warning"
        icon={<Clock aria-hidden="true" />}
        heading={strings.processingHeading}
        body={
          <>
            <p>{strings.processingBody(payee)}</p>
            <p className="mt-2 text-sm">{strings.processingHint}</p>
          </>
        }
      >
        <PaymentDetails
          amount={formatMoney(processing.amount_total - processing.tip_amount, processing.currency)}
          tip={processing.tip_amount > 0 ? formatMoney(processing.tip_amount, processing.currency) : null}
          total={formatMoney(processing.amount_total, processing.currency)}
          transactionId={processing.payment_id}
          customerName={processing.customer_name}
        />
        {website ? (
          <div className="flex w-full flex-col gap-3">
            <BusinessWebsiteLink url={website} variant="ghost" />
          </div>
        ) : null}
      </PayerStatusCard>
    );
  }

  if (!result) {
    return (
      <PayerStatusCard
        title={pageTitle(strings.processedHeading)}
        tone="warning"
        icon={<TriangleAlert aria-hidden="true" />}
        heading={strings.processedHeading}
        body={
          <>
            <p>{strings.processedBody}</p>
            <p className="mt-2 text-sm">{strings.processedHint}</p>
          </>
        }
      >
        <PaymentDetails
          amount={formatMoney(0, DEFAULT_CURRENCY)}
          transactionId={outcome?.ok ? outcome.value.payment_id : null}
          customerName={null}
        />
        {actions}
      </PayerStatusCard>
    );
  }

  return (
    <PayerStatusCard
      title={pageTitle(strings.documentTitle)}
      tone="success"
      icon={<CircleCheck aria-hidden="true" />}
      heading={strings.confirmedHeading}
      body={strings.confirmedBody(result.business_name ?? result.link_title)}
    >
      <PaymentDetails
        amount={formatMoney(result.amount_total - result.tip_amount, result.currency)}
        tip={result.tip_amount > 0 ? formatMoney(result.tip_amount, result.currency) : null}
        total={formatMoney(result.amount_total, result.currency)}
        transactionId={result.payment_id}
        customerName={result.customer_name}
      />
      {result.thank_you_message ? (
        // The merchant's words as text (React escapes them), never as markup: docs/decisions.md #54.
        <section
          aria-label={strings.thankYouLabel(result.business_name ?? result.link_title)}
          className="w-full rounded-lg border border-border bg-surface p-4 text-left"
        >
          <p className="whitespace-pre-line break-words">{result.thank_you_message}</p>
        </section>
      ) : null}
      {actions}
    </PayerStatusCard>
  );
}

function PaymentDetails({
  amount,
  tip = null,
  total = null,
  transactionId,
  customerName,
}: {
  amount: string;
  tip?: string | null;
  total?: string | null;
  transactionId: string | null;
  customerName: string | null;
}) {
  // Amount, Tip and Total as everywhere else (docs/decisions.md #100): with a tip, all three; without, the
  // amount is the total.
  const rows: [string, string][] =
    tip && total
      ? [
          [strings.amount, amount],
          [strings.tip, tip],
          [strings.total, total],
        ]
      : [[strings.amount, amount]];
  if (transactionId) rows.push([strings.transactionId, transactionId]);
  rows.push([strings.customerName, customerName || strings.anonymous]);
  return (
    <section
      aria-label={strings.detailsLabel}
      className="w-full rounded-lg border border-border bg-background p-4 text-left"
    >
      <dl className="flex flex-col gap-3">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-sm text-muted-foreground">{term}</dt>
            <dd className="font-medium break-all tabular-nums sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
