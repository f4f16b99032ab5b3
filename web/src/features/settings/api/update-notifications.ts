import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  merchantProfileSchema,
  type MerchantNotificationsUpdate,
  type MerchantProfile,
} from '@shared/contracts/merchant';
import { authenticatedApiSend } from '@web/lib/api-client';
import { merchantProfileQueryKey } from '@web/lib/merchant-profile';

export function updateNotifications(settings: MerchantNotificationsUpdate): Promise<MerchantProfile> {
  return authenticatedApiSend('PATCH', '/api/me', settings, merchantProfileSchema);
}

/** Settings → Email notifications; the answer is the profile, which carries the setting (docs/decisions.md #93). */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (profile) => {
      queryClient.setQueryData(merchantProfileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: merchantProfileQueryKey });
    },
  });
}
