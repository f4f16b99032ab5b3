/**
 * The merchant's payments and stats, as the dashboard home, the Transactions screen and the realtime
 * listener all need them. The query keys live here so a push (lib/realtime) can refresh every screen
 * that shows a payment without knowing which ones are open.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  paymentDetailSchema,
  paymentListSchema,
  verifyPaymentsResultSchema,
  type PaymentDetail,
  type PaymentFiltersInput,
  type PaymentList,
  type RefundRequest,
  type VerifyPaymentsResult,
} from '@shared/contracts/payments';
import { dashboardStatsSchema, type DashboardStats } from '@shared/contracts/stats';
import { authenticatedApiGet, authenticatedApiSend } from './api-client';
import { MERCHANT_READ_PATHS, paymentListPath, paymentListSearch } from './merchant-read-paths';

/** Everything below starts with this key: invalidating it refreshes every payment and stat on screen. */
export const paymentsQueryKey = ['payments'] as const;
export const paymentListQueryKey = (filters: PaymentFiltersInput, limit?: number) =>
  [...paymentsQueryKey, 'list', filters, limit ?? null] as const;
export const paymentDetailQueryKey = (paymentId: string) => [...paymentsQueryKey, 'detail', paymentId] as const;
export const dashboardStatsQueryKey = [...paymentsQueryKey, 'stats'] as const;

/** GET /api/me/payments — one page of the filtered list, newest first. */
export function listPayments(
  filters: PaymentFiltersInput,
  page: { cursor?: string; limit?: number } = {},
): Promise<PaymentList> {
  return authenticatedApiGet(paymentListPath(paymentListSearch(filters, page)), paymentListSchema);
}

/** GET /api/me/payments/{id} — the expanded detail. */
export function getPaymentDetail(paymentId: string): Promise<PaymentDetail> {
  return authenticatedApiGet(`/api/me/payments/${encodeURIComponent(paymentId)}`, paymentDetailSchema);
}

/** GET /api/me/stats — the Business Overview and the sales chart. */
export function getDashboardStats(): Promise<DashboardStats> {
  return authenticatedApiGet(MERCHANT_READ_PATHS.stats, dashboardStatsSchema);
}

/** POST /api/me/payments/verify — Verify & Refresh. */
export function verifyPendingPayments(): Promise<VerifyPaymentsResult> {
  return authenticatedApiSend('POST', '/api/me/payments/verify', {}, verifyPaymentsResultSchema);
}

/**
 * POST /api/me/payments/{id}/refunds — refunds the payment, fully or in part, and answers its detail.
 * `idempotencyKey` is made once per refund the merchant means to make: sending the same key again (a
 * retry after a lost answer, a double click) refunds once.
 */
export function refundPayment(
  paymentId: string,
  request: RefundRequest,
  idempotencyKey: string,
): Promise<PaymentDetail> {
  return authenticatedApiSend(
    'POST',
    `/api/me/payments/${encodeURIComponent(paymentId)}/refunds`,
    request,
    paymentDetailSchema,
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
}
