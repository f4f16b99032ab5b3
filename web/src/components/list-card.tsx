import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { LoadFailedCard } from './load-failed-card';
import { LoadingState } from './loading-state';
import { Card, CardDescription, CardHeader, CardTitle } from './ui/card';

/** What a list card says: its heading, while it loads, when it could not load, and while it is empty. */
export interface ListCardWords {
  title: string;
  description: string;
  /** A second paragraph under the description, when the card needs one (what each role may do). */
  note?: string;
  /** The list's own name, when it is not the card's title ("Recent activity" in "Activity"). */
  listLabel?: string;
  loading: string;
  loadFailedTitle: string;
  loadFailed: string;
  empty: string;
  emptyHint?: string;
}

/**
 * A list of the business's records in a card, the one table card of the dashboard (Requests, Subscribers, and
 * Settings' Team and Activity): loading, then either a load failure with a retry, or a card — a region named by
 * its heading — with the list's heading, its controls (a filter, a download) and a row an item; or, while there
 * are none, an icon and a hint of how the first one comes. `after` goes inside the card, under the rows (more
 * rows, a form, a dialog a row opens).
 */
export function ListCard<Data, Item>({
  query,
  itemsOf,
  words,
  retryLabel,
  emptyIcon: EmptyIcon,
  controls,
  children: rowOf,
  after,
}: {
  query: UseQueryResult<Data>;
  itemsOf: (data: Data) => readonly Item[];
  words: ListCardWords;
  retryLabel: string;
  emptyIcon: LucideIcon;
  controls?: (items: readonly Item[]) => ReactNode;
  /** The item's row: an `li` with its key. */
  children: (item: Item) => ReactNode;
  after?: ReactNode;
}) {
  const headingId = useId();
  if (query.isPending) return <LoadingState label={words.loading} />;
  if (query.isLoadingError) {
    return (
      <LoadFailedCard
        title={words.loadFailedTitle}
        message={words.loadFailed}
        retryLabel={retryLabel}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const items = itemsOf(query.data);
  return (
    <Card role="region" aria-labelledby={headingId} className="overflow-hidden">
      <CardHeader className={controls ? 'gap-3' : undefined}>
        <CardTitle as="h2" id={headingId}>
          {words.title}
        </CardTitle>
        <CardDescription>{words.description}</CardDescription>
        {words.note ? <CardDescription>{words.note}</CardDescription> : null}
        {controls ? <div className="flex flex-wrap items-end gap-3">{controls(items)}</div> : null}
      </CardHeader>
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 pt-4 pb-10 text-center">
          <EmptyIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{words.empty}</p>
          {words.emptyHint ? <p className="max-w-md text-sm text-muted-foreground">{words.emptyHint}</p> : null}
        </div>
      ) : (
        <ul aria-label={words.listLabel ?? words.title} className="divide-y divide-border border-t border-border">
          {items.map(rowOf)}
        </ul>
      )}
      {after}
    </Card>
  );
}

/** One labelled value in a list card's row: the column's name above it, small and muted. */
export function ListCell({
  label,
  className = 'flex flex-col',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={className}>
      <span className="text-xs text-muted-foreground">{label}</span>
      {children}
    </span>
  );
}
