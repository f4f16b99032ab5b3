import { CirclePause, Clock, SearchX, TriangleAlert } from 'lucide-react';
import { Suspense, use, useState } from 'react';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { loadOnce, type Outcome } from '../api/load-once';
import { getPublicLink } from '../api/payer-api';
import { pageTitle, payerStrings } from '../payer-strings';
import { PaymentForm, type LinkGone } from './payment-form';
import { PayerLoading, PayerShell } from './payer-shell';
import { PayerStatusCard } from './payer-status-card';
import { payerButton } from './payer-ui';

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
        icon={<TriangleAlert aria-hidden="true" />}
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
  if (gone?.gone === 'not-found') return <LinkNotFound />;
  if (link.expired) return <LinkExpired link={link} message={link.expiredMessage} />;
  if (gone?.gone === 'expired') return <LinkExpired link={link} message={gone.message ?? null} />;
  if (gone?.gone === 'not-accepting' || !link.acceptingPayments) return <LinkNotAccepting link={link} />;
  if (gone?.gone === 'sold-out' || link.soldOut) {
    return <LinkNotAccepting link={link} message={strings.soldOutMessage} />;
  }
  return <PaymentForm link={link} onGone={(kind, message) => setGone({ gone: kind, message })} />;
}

function LinkNotFound() {
  return (
    <PayerStatusCard
      title={pageTitle(strings.notFoundTitle)}
      tone="neutral"
      icon={<SearchX aria-hidden="true" />}
      heading={strings.notFoundTitle}
      body={
        <>
          <p>{strings.notFoundMessage}</p>
          <p>{strings.notFoundNextStep}</p>
        </>
      }
    />
  );
}

/** payer-page-html.ts's expired card: the merchant's words, or the default ones (docs/decisions.md #53). */
function LinkExpired({ link, message }: { link: PublicPaymentLink; message: string | null }) {
  return (
    <PayerStatusCard
      title={pageTitle(strings.expiredTitle)}
      tone="neutral"
      icon={<Clock aria-hidden="true" />}
      heading={strings.expiredTitle}
      body={
        <>
          {link.businessName ? <p className="font-medium text-foreground">{link.businessName}</p> : null}
          <p className="font-medium text-foreground break-words">{link.title}</p>
          <p className="whitespace-pre-line break-words">{message || strings.expiredDefaultMessage}</p>
        </>
      }
    />
  );
}

function LinkNotAccepting({
  link,
  message = strings.notAcceptingMessage,
}: {
  link: PublicPaymentLink;
  message?: string;
}) {
  return (
    <PayerStatusCard
      title={pageTitle(link.title)}
      tone="warning"
      icon={<CirclePause aria-hidden="true" />}
      heading={link.title}
      body={
        <>
          {link.businessName ? <p className="font-medium text-foreground">{link.businessName}</p> : null}
          <p>{message}</p>
        </>
      }
    />
  );
}
