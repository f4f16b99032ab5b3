import { useQuery } from '@tanstack/react-query';

/** Invalidate this after signing in or out so every guard sees the change. */
export const signedInSessionQueryKey = ['auth', 'session'] as const;

/** The signed-in session (`null` for a visitor), read from Amplify's token store. */
export function useSignedInSession() {
  return useQuery({
    queryKey: signedInSessionQueryKey,
    // lib/auth carries Amplify, so it is fetched only when a page actually asks about the session.
    queryFn: async () => (await import('@web/lib/auth')).getSignedInSession(),
    retry: 1,
  });
}
