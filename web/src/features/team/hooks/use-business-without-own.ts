import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NO_OWN_BUSINESS_CODE } from '@shared/roles';
import { ApiRequestError } from '@web/lib/api-request-error';
import { chooseBusiness, currentBusinessId, useCurrentBusinessId } from '@web/lib/current-business';
import { businessesQuery } from '../api/team';

/** `own`: nothing to do; `finding`: moving to a business they belong to; `none`: they belong to none. */
export type BusinessWithoutOwn = 'own' | 'finding' | 'none';

/** What the last refusal led to; `none` remembers the business it was found for (null: their own). */
type Outcome = 'own' | 'finding' | { noneFor: string | null };

/**
 * A person who signed up from an invitation has no business of their own (docs/decisions.md #278): a read for
 * it is refused `no_own_business` (signing in on another browser than the one they signed up in, or after a
 * removal sent this tab back to "their own"). Then this tab moves to the first business they belong to and
 * reads everything again; when they belong to none, the dashboard says so (NoBusinessPage) until a business is
 * chosen (an invitation accepted there).
 */
export function useBusinessWithoutOwn(keep: (queryKey: readonly unknown[]) => boolean): BusinessWithoutOwn {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('own');
  const chosen = useCurrentBusinessId();
  useEffect(() => {
    let finding = false;
    // `askedFor`: the business chosen when the list was asked for. An invitation accepted while it was on its way
    // (PendingInvitation) chooses its business before an empty list answers: that choice must still lead back to
    // the dashboard, so "none" is recorded for the business the list was asked about, not the one chosen since.
    const none = (askedFor: string | null) => {
      finding = false;
      setOutcome({ noneFor: askedFor });
    };
    const onError = (error: unknown) => {
      if (finding || !(error instanceof ApiRequestError) || error.code !== NO_OWN_BUSINESS_CODE) return;
      finding = true;
      setOutcome('finding');
      const askedFor = currentBusinessId();
      void queryClient
        .fetchQuery({ ...businessesQuery, staleTime: 0 })
        .then(async ({ businesses }) => {
          const first = businesses[0];
          if (!first) return none(askedFor);
          chooseBusiness(first.businessId);
          await queryClient.resetQueries({ predicate: (query) => !keep(query.queryKey) });
          finding = false;
          setOutcome('own');
        })
        .catch(() => none(askedFor));
    };
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    // The route's loaders may have been refused before this was listening.
    for (const query of queryClient.getQueryCache().getAll()) onError(query.state.error);
    return stop;
  }, [queryClient, keep]);
  if (typeof outcome === 'string') return outcome;
  // A business chosen since they had none (PendingInvitation joined one): the dashboard again.
  return chosen === outcome.noneFor ? 'none' : 'own';
}
