/**
 * The owner's activity list (docs/decisions.md #195): pages of GET /api/me/activity, newest first, for
 * everyone or one person, and every page at once for the CSV download.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  ACTIVITY_PAGE_DEFAULT,
  ACTIVITY_PAGE_MAX,
  activityPageSchema,
  type ActivityEntry,
} from '@shared/contracts/activity';
import { authenticatedApiGet } from '@web/lib/api-client';

export const activityQueryKey = ['activity'] as const;

function readActivityPage(personId: string | null, cursor: string | undefined, limit: number) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (personId) query.set('person', personId);
  if (cursor) query.set('cursor', cursor);
  return authenticatedApiGet(`/api/me/activity?${query.toString()}`, activityPageSchema);
}

/** `personId` null: everyone's. */
export function useActivityPages(personId: string | null) {
  return useInfiniteQuery({
    queryKey: [...activityQueryKey, personId ?? 'everyone'],
    queryFn: ({ pageParam }) => readActivityPage(personId, pageParam, ACTIVITY_PAGE_DEFAULT),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Another person's entries load under the ones shown: the card, and the Person list a keyboard is on, stay.
    placeholderData: keepPreviousData,
  });
}

/** Every entry the filter matches, page after page of the largest size: what the CSV holds. */
export async function readAllActivity(personId: string | null): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await readActivityPage(personId, cursor, ACTIVITY_PAGE_MAX);
    entries.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries;
}
