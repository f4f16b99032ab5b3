/**
 * Every call the merchant's app makes to /api/me/links, and the react-query hooks over them: the Payment
 * Links screen, the print materials, the dashboard (its first screen and checklist) and the one-click
 * templates all list, create and change links through here, under one query key.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentLinkListSchema,
  paymentLinkSchema,
  type CreatePaymentLinkInput,
  type PaymentLink,
  type UpdateLinkExpiryInput,
  type UpdateLinkSettingsInput,
} from '@shared/contracts/payment-links';
import { authenticatedApiGet, authenticatedApiSend } from './api-client';
import { MERCHANT_READ_PATHS } from './merchant-read-paths';
import { dashboardStatsQueryKey } from './payments-api';

/** Every screen that lists the merchant's links (Manage, the QR selector, print materials, the dashboard) shares it. */
export const paymentLinksQueryKey = ['payment-links'] as const;

/** One of the merchant's links, or what it keeps under it (`/expiry`, `/settings`). */
const linkPath = (linkId: string, part = '') =>
  `${MERCHANT_READ_PATHS.links}/${encodeURIComponent(linkId)}${part}` as const;

/** GET /api/me/links — the merchant's links, newest first. */
export async function listPaymentLinks(): Promise<PaymentLink[]> {
  return (await authenticatedApiGet(MERCHANT_READ_PATHS.links, paymentLinkListSchema)).links;
}

/** POST /api/me/links — answers the new link (active). */
export function createPaymentLink(input: CreatePaymentLinkInput): Promise<PaymentLink> {
  return authenticatedApiSend('POST', MERCHANT_READ_PATHS.links, input, paymentLinkSchema);
}

/** PATCH /api/me/links/{id} — Activate / Deactivate. */
export function setPaymentLinkActive(linkId: string, isActive: boolean): Promise<PaymentLink> {
  return authenticatedApiSend('PATCH', linkPath(linkId), { isActive }, paymentLinkSchema);
}

/** PUT /api/me/links/{id}/expiry — Edit expiry: the merchant's clock reading, or null for none. */
export function setPaymentLinkExpiry(linkId: string, expiry: UpdateLinkExpiryInput): Promise<PaymentLink> {
  return authenticatedApiSend('PUT', linkPath(linkId, '/expiry'), expiry, paymentLinkSchema);
}

/** PUT /api/me/links/{id}/settings — Edit link settings: the limit, reference and after-payment settings. */
export function setPaymentLinkSettings(linkId: string, settings: UpdateLinkSettingsInput): Promise<PaymentLink> {
  return authenticatedApiSend('PUT', linkPath(linkId, '/settings'), settings, paymentLinkSchema);
}

export const paymentLinksQuery = queryOptions({ queryKey: paymentLinksQueryKey, queryFn: listPaymentLinks });

export function usePaymentLinks() {
  return useQuery(paymentLinksQuery);
}

/** A change to a link: every list of links reads it afresh. */
function useLinkMutation<Variables>(change: (variables: Variables) => Promise<PaymentLink>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey }),
  });
}

/**
 * A new link also changes the dashboard's count of active links. A caller's own `onSuccess` / `onError` run
 * once the lists are fresh (they stay with the mutation if the caller's screen has gone meanwhile).
 */
export function useCreatePaymentLink(
  after: { onSuccess?: (created: PaymentLink) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentLink,
    onSuccess: async (created) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]);
      after.onSuccess?.(created);
    },
    onError: after.onError,
  });
}

export function useSetPaymentLinkActive() {
  return useLinkMutation(({ linkId, isActive }: { linkId: string; isActive: boolean }) =>
    setPaymentLinkActive(linkId, isActive),
  );
}

export function useSetPaymentLinkExpiry() {
  return useLinkMutation(({ linkId, expiry }: { linkId: string; expiry: UpdateLinkExpiryInput }) =>
    setPaymentLinkExpiry(linkId, expiry),
  );
}

export function useSetPaymentLinkSettings() {
  return useLinkMutation(({ linkId, settings }: { linkId: string; settings: UpdateLinkSettingsInput }) =>
    setPaymentLinkSettings(linkId, settings),
  );
}
