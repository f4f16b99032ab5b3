import type { UseQueryResult } from '@tanstack/react-query';
import { Link2, RefreshCw } from 'lucide-react';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { paymentLinksStrings } from '../payment-links-strings';
import { PaymentLinkRow } from './payment-link-row';

const strings = paymentLinksStrings.manage;
const PLACEHOLDER_ROWS = 3;

/** Manage Links: the merchant's links, newest first, with their actions. */
export function ManageLinksTab({
  links,
  onGenerateQr,
}: {
  links: UseQueryResult<PaymentLink[]>;
  onGenerateQr: (link: PaymentLink) => void;
}) {
  if (links.isError && !links.data) {
    return (
      <LoadFailedCard
        title={strings.loadFailed}
        message={links.error.message}
        retryLabel={strings.retry}
        onRetry={() => void links.refetch()}
        retrying={links.isFetching}
      />
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <CardTitle as="h2">{strings.title}</CardTitle>
          <CardDescription>{strings.description}</CardDescription>
        </div>
        <Button variant="outline" onClick={() => void links.refetch()} disabled={links.isFetching}>
          <RefreshCw aria-hidden="true" className={links.isFetching ? 'animate-spin' : undefined} />
          {links.isFetching && !links.isPending ? strings.refreshing : strings.refresh}
        </Button>
      </CardHeader>
      {links.data ? <LinkList links={links.data} onGenerateQr={onGenerateQr} /> : <LoadingRows />}
    </Card>
  );
}

function LinkList({ links, onGenerateQr }: { links: PaymentLink[]; onGenerateQr: (link: PaymentLink) => void }) {
  if (links.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 border-t border-border px-6 py-12 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Link2 aria-hidden="true" className="size-6" />
        </span>
        <p className="font-medium">{strings.empty}</p>
        <p className="text-sm text-muted-foreground">{strings.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul aria-label={strings.title} className="divide-y divide-border border-t border-border">
      {links.map((link) => (
        <PaymentLinkRow key={link.linkId} link={link} onGenerateQr={onGenerateQr} />
      ))}
    </ul>
  );
}

/** Three placeholder rows in the shape of the real ones while the list loads. */
function LoadingRows() {
  return (
    <div role="status" aria-busy="true" className="divide-y divide-border border-t border-border">
      <span className="sr-only">{strings.loading}</span>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <div key={index} aria-hidden="true" data-testid="link-placeholder" className="flex flex-col gap-3 p-6">
          <div className="flex items-center gap-2">
            <div className="h-5 w-40 rounded bg-muted motion-safe:animate-pulse" />
            <div className="h-5 w-14 rounded-full bg-muted motion-safe:animate-pulse" />
          </div>
          <div className="h-4 w-64 max-w-full rounded bg-muted motion-safe:animate-pulse" />
          <div className="h-4 w-48 max-w-full rounded bg-muted motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
