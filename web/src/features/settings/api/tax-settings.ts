import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxSettingsSchema, type TaxSettings } from '@shared/contracts/tax';
import { authenticatedApiGet, authenticatedApiSend } from '@web/lib/api-client';
import { merchantProfileQueryKey } from '@web/lib/merchant-profile';

export const taxSettingsQueryKey = ['tax-settings'] as const;

export function useTaxSettings() {
  return useQuery({
    queryKey: taxSettingsQueryKey,
    queryFn: () => authenticatedApiGet('/api/me/tax', taxSettingsSchema),
  });
}

/** Settings → Tax; the body is what taxSettingsUpdateSchema made of the form (the GST number as digits). */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettings) => authenticatedApiSend('PUT', '/api/me/tax', settings, taxSettingsSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(taxSettingsQueryKey, saved);
      // The profile says whether tax settings are saved: the setup checklist ticks its GST step from it.
      void queryClient.invalidateQueries({ queryKey: merchantProfileQueryKey });
    },
  });
}
