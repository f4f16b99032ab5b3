import { useQuery } from '@tanstack/react-query';
import type { SignedInSession } from '@web/lib/auth';
import { storedSession } from '@web/lib/stored-session';

/** Invalidate this after signing in or out so every guard sees the change. */
export const signedInSessionQueryKey = ['auth', 'session'] as const;

/**
 * The signed-in session (`null` for a visitor), read from Amplify's token store: without Amplify while the
 * stored tokens are good (docs/decisions.md #108), else by Amplify, which refreshes them or says nobody is.
 */
export function useSignedInSession() {
  return useQuery({
    queryKey: signedInSessionQueryKey,
    // lib/auth carries Amplify, so it is fetched only when the stored session will not do.
    queryFn: async (): Promise<SignedInSession | null> =>
      sessionInStorage() ?? (await import('@web/lib/auth')).getSignedInSession(),
    // Known at the first render: the guard then draws the shell and the page in the app's first render,
    // which is a transition (main.tsx), instead of in the session's answer, which react-query hands React
    // as a synchronous update: one long task.
    initialData: sessionInStorage,
    retry: 1,
  });
}

/** The stored session while its tokens are good (lib/stored-session.ts); `undefined` when Amplify must tell. */
function sessionInStorage(): SignedInSession | undefined {
  const stored = storedSession();
  return stored ? { userId: stored.userId, email: stored.email } : undefined;
}
