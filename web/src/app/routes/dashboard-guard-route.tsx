import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@web/components/page-spinner';
import { RequireAuth } from '@web/features/auth/components/require-auth';
import { signedInSessionQueryKey, useSignedInSession } from '@web/features/auth/hooks/use-signed-in-session';
import { DashboardFrame } from '@web/features/dashboard/components/dashboard-frame';
import { DashboardShell } from '@web/features/dashboard/components/dashboard-shell';
import { teamStrings, useBusinessWithoutOwn } from '@web/features/team';
import { ApiRequestError } from '@web/lib/api-request-error';

// Seldom drawn: its code comes only when a person has no business at all (docs/decisions.md #278).
const NoBusinessPage = lazy(async () => ({
  default: (await import('@web/features/team/components/no-business-page')).NoBusinessPage,
}));
const keepSession = (queryKey: readonly unknown[]) => queryKey[0] === signedInSessionQueryKey[0];

/** Everything under /dashboard needs a signed-in merchant, and sits inside the dashboard shell. */
export function DashboardGuardRoute() {
  return (
    // The frame the entry drew stays while the session is read (docs/decisions.md #102).
    <RequireAuth pending={<DashboardFrame />}>
      <SignedInDashboard />
    </RequireAuth>
  );
}

function SignedInDashboard() {
  const session = useSignedInSession();
  useEndSessionWhenRefused();
  const withoutOwn = useBusinessWithoutOwn(keepSession);
  if (withoutOwn === 'finding') return <PageSpinner label={teamStrings.noBusiness.checking} />;
  if (withoutOwn === 'none') {
    return (
      <Suspense fallback={<PageSpinner label={teamStrings.noBusiness.checking} />}>
        <NoBusinessPage />
      </Suspense>
    );
  }
  return (
    <DashboardShell email={session.data?.email}>
      <Outlet />
    </DashboardShell>
  );
}

/**
 * A 401 from the API means this browser's session is over (the refresh token expired or was revoked, or
 * the API refuses the token). Forget the tokens and the merchant's cached data; RequireAuth then sends
 * the merchant to /login, remembering the page they were on.
 */
function useEndSessionWhenRefused() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let ending = false;
    const endSessionOn = (error: unknown) => {
      if (ending || !(error instanceof ApiRequestError) || error.status !== 401) return;
      ending = true;
      void import('@web/lib/auth')
        .then(({ signOutThisDevice }) => signOutThisDevice())
        .catch((signOutError: unknown) => console.error('Could not clear the ended session', signOutError))
        .finally(() => {
          queryClient.setQueryData(signedInSessionQueryKey, null);
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== signedInSessionQueryKey[0] });
        });
    };
    const stopWatchingQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') endSessionOn(event.action.error);
    });
    const stopWatchingMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') endSessionOn(event.action.error);
    });
    // The routes' loaders start the first reads before this shell is drawn, and the effect runs a frame
    // after that (Preact): a refusal that came back first was heard by no one, and the page stayed signed in
    // on an error. So what was already refused counts too.
    for (const query of queryClient.getQueryCache().getAll()) endSessionOn(query.state.error);
    return () => {
      stopWatchingQueries();
      stopWatchingMutations();
    };
  }, [queryClient]);
}
