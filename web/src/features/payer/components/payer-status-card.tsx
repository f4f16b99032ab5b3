import type { ReactNode } from 'react';
import { statusCard, type StatusTone } from '@shared/payer-page-markup';
import { toReact } from './markup-react';
import { PageTitle } from '@web/components/page-title';

/**
 * One outcome for the payer, centred in a card (shared/payer-page-markup.ts's `statusCard`, which the
 * server's HTML of /p/{id} draws too): an icon in its tone, the page's heading, what happened, then what
 * they can do next (`children`). Each state names the browser tab with its own <PageTitle>; one state shows
 * at a time, so one title does.
 */
export function PayerStatusCard({
  title,
  tone,
  icon,
  heading,
  body,
  role,
  children,
}: {
  /** The browser tab's title for this state. */
  title: string;
  tone: StatusTone;
  icon: ReactNode;
  heading: string;
  body: ReactNode;
  /** 'alert' for a failure the payer should hear at once. */
  role?: 'alert';
  children?: ReactNode;
}) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {toReact(statusCard<ReactNode>({ tone, icon, heading, body: [body], action: children, role }))}
    </>
  );
}
