/** The Subscribers screen's calls: the list (of one link if chosen) and Cancel. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscriberListSchema,
  subscriberSchema,
  type CancelSubscriber,
  type Subscriber,
  type SubscriberList,
} from '@shared/contracts/subscribers';
import { authenticatedApiGet, authenticatedApiSend } from '@web/lib/api-client';
import { paymentsQueryKey } from '@web/lib/payments-api';

/**
 * Under the payments' key: every live `payment.updated` push invalidates it (realtime-provider.tsx), so a
 * renewal paid while the screen is open shows its new count and next date without a reload.
 */
export const subscribersQueryKey = [...paymentsQueryKey, 'subscribers'] as const;

/** GET /api/me/subscribers — newest first, of one link when `linkId` is given. */
export function listSubscribers(linkId: string | null): Promise<SubscriberList> {
  const query = linkId ? `?linkId=${encodeURIComponent(linkId)}` : '';
  return authenticatedApiGet(`/api/me/subscribers${query}`, subscriberListSchema);
}

/** POST /api/me/subscribers/{id}/cancel. */
export function cancelSubscriber(subscriptionId: string, when: CancelSubscriber['when']): Promise<Subscriber> {
  return authenticatedApiSend(
    'POST',
    `/api/me/subscribers/${encodeURIComponent(subscriptionId)}/cancel`,
    { when },
    subscriberSchema,
  );
}

export function useSubscribers(linkId: string | null) {
  return useQuery({ queryKey: [...subscribersQueryKey, linkId], queryFn: () => listSubscribers(linkId) });
}

export function useCancelSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, when }: { subscriptionId: string; when: CancelSubscriber['when'] }) =>
      cancelSubscriber(subscriptionId, when),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
  });
}
