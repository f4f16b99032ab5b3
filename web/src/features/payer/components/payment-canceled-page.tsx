import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Suspense, use } from 'react';
import { loadOnce } from '../api/load-once';
import { cancelPayment } from '../api/payer-api';
import { pageTitle, payerStrings } from '../payer-strings';
import { PayerLoading, PayerShell } from './payer-shell';
import { BusinessWebsiteLink } from './business-website-link';
import { PayerStatusCard } from './payer-status-card';
import { payerButton } from '@shared/payer-page-look';

const strings = payerStrings.canceled;

/**
 * /payment-canceled?payment_id=pay_…, where Stripe's Back link sends the payer.
 * Stripe fills the session id into success URLs only, so the cancel URL carries Paylink's payment id. The
 * page cancels the still-pending payment once; if the payer had paid after all, it says so.
 */
export function PaymentCanceledPage({ paymentId }: { paymentId: string }) {
  return (
    <PayerShell>
      <Suspense fallback={<PayerLoading label={strings.checking} title={pageTitle(strings.documentTitle)} />}>
        <CanceledPayment paymentId={paymentId} />
      </Suspense>
    </PayerShell>
  );
}

function CanceledPayment({ paymentId }: { paymentId: string }) {
  const outcome = paymentId ? use(loadOnce(`cancel:${paymentId}`, () => cancelPayment(paymentId))) : null;
  const cancel = outcome?.ok ? outcome.value : null;
  const home = <BusinessWebsiteLink url={cancel?.businessWebsite} variant="outline" />;

  if (cancel?.status === 'succeeded') {
    return (
      <PayerStatusCard
        title={pageTitle(strings.paidHeading)}
        tone="success"
        icon={<CircleCheck aria-hidden="true" />}
        heading={strings.paidHeading}
        body={strings.paidBody}
      >
        <div className="flex w-full flex-col gap-3">{home}</div>
      </PayerStatusCard>
    );
  }

  // Checkout completed by bank debit (pending), or still open because Stripe could not expire it: either
  // way nothing was canceled, and the page says so (docs/decisions.md #130).
  if (cancel?.status === 'pending' || cancel?.status === 'open') {
    const pending = cancel.status === 'pending';
    const heading = pending ? strings.processingHeading : strings.notCanceledHeading;
    return (
      <PayerStatusCard
        title={pageTitle(heading)}
        tone="warning"
        icon={<Clock aria-hidden="true" />}
        heading={heading}
        body={pending ? strings.processingBody : strings.notCanceledBody}
      >
        <div className="flex w-full flex-col gap-3">{home}</div>
      </PayerStatusCard>
    );
  }

  return (
    <PayerStatusCard
      title={pageTitle(strings.documentTitle)}
      tone="neutral"
      icon={<CircleX aria-hidden="true" />}
      heading={strings.heading}
      body={strings.body}
    >
      <div className="flex w-full flex-col gap-3">
        {cancel ? (
          <a href={`/p/${encodeURIComponent(cancel.linkId)}`} className={payerButton()}>
            {strings.tryAgain}
          </a>
        ) : (
          // Without the payment's answer the link is unknown: go back to the page the payer came from.
          <button type="button" className={payerButton()} onClick={() => window.history.back()}>
            {strings.tryAgain}
          </button>
        )}
        {home}
      </div>
    </PayerStatusCard>
  );
}
