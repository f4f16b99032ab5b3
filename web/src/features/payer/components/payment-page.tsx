import { Suspense, use, useState } from 'react';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { payerButton, payerIcon } from '@shared/payer-page-look';
import { expiredCard, linkState, notAcceptingCard, notFoundCard } from '@shared/payer-page-markup';
import { loadOnce, type Outcome } from '../api/load-once';
import { getPublicLink } from '../api/payer-api';
import { pageTitle, payerStrings } from '../payer-strings';
import { PaymentForm, type LinkGone } from './payment-form';
import { PayerLoading, PayerShell } from './payer-shell';
import { PayerStatusCard } from './payer-status-card';
import { toReact } from './markup-react';
import { PageTitle } from '@web/components/page-title';

const strings = payerStrings.paymentPage;

/**
 * /p/{id}, the public payment page (states: loading, not found, ready, processing;
 * docs/decisions.md #11: a merchant who cannot take payments gets no checkout).
 */
export function PaymentPage({ linkId, initial }: { linkId: string; initial?: Outcome<PublicPaymentLink> }) {
  // A retry after a failed load asks again under a new key (load-once.ts).
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((count) => count + 1);
  return (
    <PayerShell>
      {/* The server's HTML already showed this link (docs/decisions.md #22): draw it from the same data at once. */}
      {initial && attempt === 0 ? (
        <PaymentPageState outcome={initial} onRetry={retry} />
      ) : (
        <Suspense fallback={<PayerLoading label={strings.loading} title={pageTitle(strings.documentTitle)} />}>
          <LoadedPaymentPage linkId={linkId} attempt={attempt} onRetry={retry} />
        </Suspense>
      )}
    </PayerShell>
  );
}

function LoadedPaymentPage({ linkId, attempt, onRetry }: { linkId: string; attempt: number; onRetry: () => void }) {
  const outcome = use(loadOnce(`link:${linkId}:${attempt}`, () => getPublicLink(linkId)));
  return <PaymentPageState outcome={outcome} onRetry={onRetry} />;
}

function PaymentPageState({ outcome, onRetry }: { outcome: Outcome<PublicPaymentLink>; onRetry: () => void }) {
  const [gone, setGone] = useState<{ gone: LinkGone; message?: string | null } | null>(null);

  if (!outcome.ok) {
    if (outcome.error.status === 404) return <LinkNotFound />;
    return (
      <PayerStatusCard
        title={pageTitle(strings.documentTitle)}
        tone="destructive"
        role="alert"
        icon={toReact(payerIcon('triangle-alert'))}
        heading={strings.loadFailedTitle}
        body={outcome.error.status === 429 ? outcome.error.message : payerStrings.networkError}
      >
        <button type="button" className={payerButton()} onClick={onRetry}>
          {payerStrings.tryAgain}
        </button>
      </PayerStatusCard>
    );
  }
  const link = outcome.value;
  // The link as it was read (as the server drew it), then what the checkout call found since.
  const state = gone?.gone ?? linkState(link);
  if (state === 'not-found') return <LinkNotFound />;
  if (state === 'expired') {
    return (
      <>
        <PageTitle>{pageTitle(strings.expiredTitle)}</PageTitle>
        {toReact(expiredCard(link, gone ? (gone.message ?? null) : link.expiredMessage))}
      </>
    );
  }
  if (state === 'not-accepting' || state === 'sold-out') {
    return (
      <>
        <PageTitle>{pageTitle(link.title)}</PageTitle>
        {toReact(notAcceptingCard(link, state === 'sold-out', gone?.message))}
      </>
    );
  }
  return <PaymentForm link={link} onGone={(kind, message) => setGone({ gone: kind, message })} />;
}

function LinkNotFound() {
  return (
    <>
      <PageTitle>{pageTitle(strings.notFoundTitle)}</PageTitle>
      {toReact(notFoundCard())}
    </>
  );
}
