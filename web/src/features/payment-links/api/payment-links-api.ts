import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentLinkSchema,
  type PaymentLink,
  type UpdateLinkExpiryInput,
  type UpdateLinkSettingsInput,
} from '@shared/contracts/payment-links';
import { authenticatedApiSend } from '@web/lib/api-client';
import { createPaymentLink, listPaymentLinks, paymentLinksQueryKey } from '@web/lib/payment-links-api';

// Listing and creating live in lib/ (the dashboard's templates create links too); this file keeps exporting them.
export { createPaymentLink, listPaymentLinks, paymentLinksQueryKey };

/** PATCH /api/me/links/{id} — Activate / Deactivate. */
export function setPaymentLinkActive(linkId: string, isActive: boolean): Promise<PaymentLink> {
  return authenticatedApiSend('PATCH', `/api/me/links/${encodeURIComponent(linkId)}`, { isActive }, paymentLinkSchema);
}

export function usePaymentLinks() {
  return useQuery({ queryKey: paymentLinksQueryKey, queryFn: listPaymentLinks });
}

export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey }),
  });
}

export function useSetPaymentLinkActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, isActive }: { linkId: string; isActive: boolean }) => setPaymentLinkActive(linkId, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey }),
  });
}

/** PUT /api/me/links/{id}/expiry — Edit expiry: the merchant's clock reading, or null for none. */
export function setPaymentLinkExpiry(linkId: string, expiry: UpdateLinkExpiryInput): Promise<PaymentLink> {
  return authenticatedApiSend('PUT', `/api/me/links/${encodeURIComponent(linkId)}/expiry`, expiry, paymentLinkSchema);
}

export function useSetPaymentLinkExpiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, expiry }: { linkId: string; expiry: UpdateLinkExpiryInput }) =>
      setPaymentLinkExpiry(linkId, expiry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey }),
  });
}

/** PUT /api/me/links/{id}/settings — Edit link settings: the limit, reference and after-payment settings. */
export function setPaymentLinkSettings(linkId: string, settings: UpdateLinkSettingsInput): Promise<PaymentLink> {
  return authenticatedApiSend(
    'PUT',
    `/api/me/links/${encodeURIComponent(linkId)}/settings`,
    settings,
    paymentLinkSchema,
  );
}

export function useSetPaymentLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, settings }: { linkId: string; settings: UpdateLinkSettingsInput }) =>
      setPaymentLinkSettings(linkId, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey }),
  });
}
