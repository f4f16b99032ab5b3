import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentLinkListSchema,
  paymentLinkSchema,
  type CreatePaymentLinkInput,
  type PaymentLink,
} from '../../../../../shared/contracts/payment-links';
import { authenticatedApiGet, authenticatedApiSend } from '../../../lib/api-client';

/** Every screen that lists the merchant's links (Manage, the QR selector, print materials, the dashboard) shares it. */
export const paymentLinksQueryKey = ['payment-links'] as const;

/** GET /api/me/links — the merchant's links, newest first. */
export async function listPaymentLinks(): Promise<PaymentLink[]> {
  return (await authenticatedApiGet('/api/me/links', paymentLinkListSchema)).links;
}

/** POST /api/me/links — answers the new link (active). */
export function createPaymentLink(input: CreatePaymentLinkInput): Promise<PaymentLink> {
  return authenticatedApiSend('POST', '/api/me/links', input, paymentLinkSchema);
}

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
