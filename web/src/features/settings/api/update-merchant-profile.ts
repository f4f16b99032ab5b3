import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  merchantProfileSchema,
  type MerchantProfile,
  type merchantProfileUpdateSchema,
} from '@shared/contracts/merchant';
import { authenticatedApiSend } from '@web/lib/api-client';
import { merchantProfileQueryKey } from '@web/lib/merchant-profile';

/** The body of PATCH /api/me once merchantProfileUpdateSchema has parsed the form (companyName '' → null). */
export type MerchantProfileChanges = z.output<typeof merchantProfileUpdateSchema>;

export function updateMerchantProfile(changes: MerchantProfileChanges): Promise<MerchantProfile> {
  return authenticatedApiSend('PATCH', '/api/me', changes, merchantProfileSchema);
}

/** Settings → Profile; every screen showing the profile (shell, home) updates from the answer. */
export function useUpdateMerchantProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMerchantProfile,
    onSuccess: (profile) => {
      // Show the answer at once, and still re-read the profile in the background.
      queryClient.setQueryData(merchantProfileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: merchantProfileQueryKey });
    },
  });
}
