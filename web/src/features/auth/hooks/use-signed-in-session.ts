import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedInSession } from '@web/lib/auth';
import { goodSessionRecord } from '@web/lib/session-record';

/** Invalidate this after signing in or out so every guard sees the change. */
export const signedInSessionQueryKey = ['auth', 'session'] as const;

/**
 * The signed-in session (`null` for a visitor): from Paylink's own session record while its token is good
 * (lib/session-record.ts, docs/decisions.md #180), else from Amplify, which refreshes the tokens or says
 * nobody is signed in. One definition for the hook and the dashboard route's loader (app/router.tsx).
 */
export const signedInSessionQuery = queryOptions({
  queryKey: signedInSessionQueryKey,
  // lib/auth carries Amplify, so it is fetched only when the record will not do.
  queryFn: async (): Promise<SignedInSession | null> =>
    sessionInRecord() ?? (await import('@web/lib/auth')).getSignedInSession(),
  // Known at the first render: the guard then draws the shell and the page in the app's first render,
  // which is a transition (main.tsx), instead of in the session's answer, which react-query hands React
  // as a synchronous update: one long task.
  initialData: sessionInRecord,
  retry: 1,
});

export function useSignedInSession() {
  return useQuery(signedInSessionQuery);
}

function sessionInRecord(): SignedInSession | undefined {
  const record = goodSessionRecord();
  return record ? { userId: record.userId, email: record.email } : undefined;
}
