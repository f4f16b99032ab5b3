/** The Requests screen's calls: the list, "Send to a customer", and Cancel. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentRequestListSchema,
  paymentRequestSchema,
  type PaymentRequest,
  type PaymentRequestList,
  type SendPaymentRequestInput,
} from '@shared/contracts/payment-requests';
import { authenticatedApiGet, authenticatedApiSend } from '@web/lib/api-client';

export const requestsQueryKey = ['payment-requests'] as const;

/** GET /api/me/requests — the merchant's requests, newest first. */
export function listRequests(): Promise<PaymentRequestList> {
  return authenticatedApiGet('/api/me/requests', paymentRequestListSchema);
}

/** POST /api/me/requests — emails the request. */
export function sendRequest(input: SendPaymentRequestInput): Promise<PaymentRequest> {
  return authenticatedApiSend('POST', '/api/me/requests', input, paymentRequestSchema);
}

/** POST /api/me/requests/{id}/cancel. */
export function cancelRequest(requestId: string): Promise<PaymentRequest> {
  return authenticatedApiSend(
    'POST',
    `/api/me/requests/${encodeURIComponent(requestId)}/cancel`,
    {},
    paymentRequestSchema,
  );
}

export function useRequests() {
  return useQuery({ queryKey: requestsQueryKey, queryFn: listRequests });
}

export function useSendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}

export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
