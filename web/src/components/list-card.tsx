import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadFailedCard } from './load-failed-card';
import { LoadingState } from './loading-state';
import { Card, CardDescription, CardHeader, CardTitle } from './ui/card';

/** What a list card says: its heading, while it loads, when it could not load, and while it is empty. */
export interface ListCardWords {
  title: string;
  description: string;
  loading: string;
  loadFailedTitle: string;
  loadFailed: string;
  empty: string;
  emptyHint: string;
}

/**
 * A dashboard page's list of the merchant's records (Requests, Subscribers): loading, then either a load
 * failure with a retry, or a card with the list's heading, its controls (a filter, a download) and a row an
 * item — or, while there are none, an icon and a hint of how the first one comes. `after` goes inside the
 * card, under the rows (a dialog a row opens).
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
    <Card className="overflow-hidden">
      <CardHeader className={controls ? 'gap-3' : undefined}>
        <CardTitle as="h2">{words.title}</CardTitle>
        <CardDescription>{words.description}</CardDescription>
        {controls ? <div className="flex flex-wrap items-end gap-3">{controls(items)}</div> : null}
      </CardHeader>
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 pt-4 pb-10 text-center">
          <EmptyIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{words.empty}</p>
          <p className="max-w-md text-sm text-muted-foreground">{words.emptyHint}</p>
        </div>
      ) : (
        <ul aria-label={words.title} className="divide-y divide-border border-t border-border">
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
