import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { useCloseRealtime } from '@web/lib/realtime/realtime-provider';
import { dashboardStrings } from '../dashboard-strings';

const strings = dashboardStrings.shell;

/** Logout: sign out through Amplify, then go to the landing page. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeRealtime = useCloseRealtime();
  return useMutation({
    mutationFn: async () => {
      // Loaded on demand: lib/auth carries Amplify (see its header).
      const { signOutThisDevice } = await import('@web/lib/auth');
      await signOutThisDevice();
      // Signed out: the realtime socket closes now rather than when the shell unmounts, and never retries.
      closeRealtime();
    },
    onSuccess: async () => {
      // Leave the dashboard first, then forget the merchant's data, so the next person to sign in on this
      // browser never sees it, and no mounted page refetches it on the way out.
      await navigate('/');
      queryClient.clear();
    },
    onError: (error) => {
      toast.error(strings.logoutFailedTitle, { description: strings.logoutFailed(error.message) });
    },
  });
}
