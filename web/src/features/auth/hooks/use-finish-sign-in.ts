import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { getSignedInSession } from '../../../lib/auth';
import { signedInSessionQueryKey } from './use-signed-in-session';

/** After Amplify signed someone in: tell every guard, then go to the dashboard (or where they were headed). */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (destination: string) => {
      queryClient.setQueryData(signedInSessionQueryKey, await getSignedInSession());
      await navigate(destination, { replace: true });
    },
    [queryClient, navigate],
  );
}
