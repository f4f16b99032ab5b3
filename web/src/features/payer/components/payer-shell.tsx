import type { ReactNode } from 'react';
import { payerShell } from '@shared/payer-page-markup';
import { toReact } from './markup-react';
import { PageTitle } from '@web/components/page-title';

/**
 * The frame of every payer page (shared/payer-page-markup.ts's, as the server's HTML of /p/{id} draws it):
 * a quiet header with the logo, one narrow column, and the line that tells a payer who handles their card.
 */
export function PayerShell({ children }: { children: ReactNode }) {
  return toReact(payerShell<ReactNode>(children));
}

/**
 * A page that is still loading, with what it is waiting for. Each state of a page names the browser tab
 * with its own <PageTitle>; one state shows at a time, so one title does.
 */
export function PayerLoading({ label, title }: { label: string; title: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-muted-foreground">
      <PageTitle>{title}</PageTitle>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary"
      />
      <span>{label}</span>
    </div>
  );
}
