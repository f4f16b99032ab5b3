import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  merchantProfileSchema,
  type MerchantProfile,
  type merchantContactUpdateSchema,
  type merchantProfileUpdateSchema,
} from '@shared/contracts/merchant';
import { authenticatedApiSend } from '@web/lib/api-client';
import { merchantProfileQueryKey } from '@web/lib/merchant-profile';

/** The body of PATCH /api/me once merchantProfileUpdateSchema has parsed the form (companyName '' → null). */
export type MerchantProfileChanges = z.output<typeof merchantProfileUpdateSchema>;

/** The body of PATCH /api/me for Settings → Contact for your customers ('' → null, docs/decisions.md #243). */
export type CustomerContactChanges = z.output<typeof merchantContactUpdateSchema>;

export function updateMerchantProfile(
  changes: MerchantProfileChanges | CustomerContactChanges,
): Promise<MerchantProfile> {
  return authenticatedApiSend('PATCH', '/api/me', changes, merchantProfileSchema);
}

/**
 * Settings → Profile, or Contact for your customers (the same PATCH /api/me); every screen showing the profile
 * (shell, home) updates from the answer.
 */
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
