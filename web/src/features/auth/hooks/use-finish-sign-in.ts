import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { signedInSessionQueryKey } from './use-signed-in-session';

/**
 * After Amplify signed someone in: forget whatever the previous merchant's pages had loaded (a magic link
 * opened while someone else was signed in must not show their data), tell every guard, then go to the
 * dashboard or wherever they were headed.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (destination: string) => {
      // lib/auth (Amplify) is loaded by then: a sign-in just went through it.
      const session = await (await import('@web/lib/auth')).getSignedInSession();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== signedInSessionQueryKey[0] });
      queryClient.setQueryData(signedInSessionQueryKey, session);
      await navigate(destination, { replace: true });
    },
    [queryClient, navigate],
  );
}
