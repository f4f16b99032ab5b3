import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signOutEverywhereResponseSchema } from '@shared/contracts/auth';
import { authenticatedApiSend } from '@web/lib/api-client';
import { signOutThisDevice } from '@web/lib/auth';
import { useCloseRealtime } from '@web/lib/realtime/realtime-provider';

/**
 * Ends every session of the merchant through Paylink's route (Cognito's global sign-out, and the access tokens
 * other devices hold refused from their next request: docs/decisions.md #200), forgets this device's tokens,
 * then leaves for the sign-in page and forgets the merchant's data, as logging out does.
 */
export function useSignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeRealtime = useCloseRealtime();
  return useMutation({
    mutationFn: async () => {
      await authenticatedApiSend('POST', '/api/me/sign-out-everywhere', {}, signOutEverywhereResponseSchema);
      await signOutThisDevice();
      closeRealtime();
    },
    onSuccess: async () => {
      await navigate('/login');
      queryClient.clear();
    },
  });
}
