import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signOutEverywhere } from '@web/lib/auth';
import { useCloseRealtime } from '@web/lib/realtime/realtime-provider';

/**
 * Ends every session of the merchant (Cognito GlobalSignOut), then leaves for the sign-in page and forgets
 * the merchant's data, as logging out does.
 */
export function useSignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeRealtime = useCloseRealtime();
  return useMutation({
    mutationFn: async () => {
      await signOutEverywhere();
      closeRealtime();
    },
    onSuccess: async () => {
      await navigate('/login');
      queryClient.clear();
    },
  });
}
