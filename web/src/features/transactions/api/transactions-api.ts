/**
 * The Transactions screen's reads: the filtered list a page at a time ('Load more'), one payment's
 * detail when its row opens, and every page of the filtered list for the CSV export. The queries live
 * under lib/payments-api's keys, so a realtime push (which invalidates `paymentsQueryKey`) refreshes them.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import {
  PAYMENT_PAGE_DEFAULT,
  PAYMENT_PAGE_MAX,
  type PaymentFiltersInput,
  type PaymentSummary,
  type RefundRequest,
} from '@shared/contracts/payments';
import {
  getPaymentDetail,
  listPayments,
  paymentDetailQueryKey,
  paymentListQueryKey,
  paymentsQueryKey,
  refundPayment,
} from '@web/lib/payments-api';
import { receiptResponseSchema } from '@shared/contracts/checkout';
import { authenticatedApiSend } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/format-money';
import { useMutationInFlight } from '../hooks/use-mutation-in-flight';
import { transactionsStrings } from '../transactions-strings';

/**
 * The list's key: the lead's list key plus 'pages', because this query holds pages (an infinite query)
 * and must not share a cache entry with a plain list query of the same filters elsewhere.
 */
const transactionPagesQueryKey = (filters: PaymentFiltersInput) =>
  [...paymentListQueryKey(filters, PAYMENT_PAGE_DEFAULT), 'pages'] as const;

/** The filtered list, newest first; `filters` null (the panel holds invalid input) queries nothing. */
export function useTransactionPages(filters: PaymentFiltersInput | null) {
  return useInfiniteQuery({
    queryKey: transactionPagesQueryKey(filters ?? {}),
    queryFn: ({ pageParam }) => listPayments(filters ?? {}, { cursor: pageParam, limit: PAYMENT_PAGE_DEFAULT }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: filters !== null,
  });
}

/** An opened row's detail (method, fees, receipt); its panel mounts only while the row is open. */
export function usePaymentDetail(paymentId: string) {
  return useQuery({ queryKey: paymentDetailQueryKey(paymentId), queryFn: () => getPaymentDetail(paymentId) });
}

/** The key of a payment's refunds in flight: a form drawn again mid-request still shows it pending. */
export const refundMutationKey = (paymentId: string) => ['refund', paymentId] as const;

/**
 * Refund (docs/decisions.md #19), with its 'Refunded $X.XX' toast. The answer is the payment as it stands after
 * the refund: the detail shows it at once, and every list and stat on screen (all under `paymentsQueryKey`) is
 * read again, since the badge, the refunded total and the net revenue all moved.
 *
 * `onRefunded` and `onRefused` are the mutation's own, not one call's: they run even when the form that sent it
 * was drawn again (or closed) before the answer came, so they must change only state that outlives the form.
 */
export function useRefundPayment(
  paymentId: string,
  { onRefunded, onRefused }: { onRefunded: () => void; onRefused: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: refundMutationKey(paymentId),
    mutationFn: ({ request, idempotencyKey }: { request: RefundRequest; idempotencyKey: string }) =>
      refundPayment(paymentId, request, idempotencyKey),
    onSuccess: (detail, { request }) => {
      // Told here, not by the dialog: a full refund leaves nothing refundable, so the dialog and its
      // button unmount as this answer lands.
      toast.success(transactionsStrings.refund.done(formatMoney(request.amountCents, detail.currency)), {
        description: transactionsStrings.refund.doneDetail,
      });
      queryClient.setQueryData(paymentDetailQueryKey(paymentId), detail);
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
      onRefunded();
    },
    onError: onRefused,
  });
}

/** POST /api/me/payments/{id}/receipt: the payer's receipt again, to the address they paid with. */
export function resendReceipt(paymentId: string) {
  return authenticatedApiSend(
    'POST',
    `/api/me/payments/${encodeURIComponent(paymentId)}/receipt`,
    {},
    receiptResponseSchema,
  );
}

/** The key of a payment's receipt resends in flight: a button drawn again mid-request still shows it pending. */
export const resendReceiptMutationKey = (paymentId: string) => ['resend-receipt', paymentId] as const;

/**
 * 'Resend receipt' (docs/decisions.md #89), with a toast that says where it went (the address masked, as
 * the answer gives it) or why not, in the API's words. Nothing on screen changes, so nothing is invalidated.
 *
 * `pending` is any resend of this payment in flight, not only this button's, and `send` sends nothing while one
 * is (`useMutationInFlight`): neither a button drawn again mid-request nor a double click emails the payer twice.
 * The toasts are the mutation's own, so they still come when the button that sent it is gone.
 */
export function useResendReceipt(paymentId: string) {
  const { inFlight, inFlightNow } = useMutationInFlight(resendReceiptMutationKey(paymentId));
  const resend = useMutation({
    mutationKey: resendReceiptMutationKey(paymentId),
    mutationFn: () => resendReceipt(paymentId),
    onSuccess: (sent) => {
      toast.success(transactionsStrings.resendReceipt.done, {
        description: transactionsStrings.resendReceipt.doneDetail(sent.email),
      });
    },
    onError: (error) => {
      toast.error(transactionsStrings.resendReceipt.failedTitle, { description: error.message });
    },
  });
  return {
    pending: inFlight,
    send: () => {
      if (!inFlightNow()) resend.mutate();
    },
  };
}

export class ExportCancelledError extends Error {
  constructor() {
    super('The export was cancelled');
    this.name = 'ExportCancelledError';
  }
}

/**
 * Every payment the filters match, read in pages of 100 with the cursor, each page handed to `onPage` as
 * it arrives. A signal that aborts stops it between pages with ExportCancelledError.
 */
export async function readAllTransactionPages(
  filters: PaymentFiltersInput,
  { signal, onPage }: { signal: AbortSignal; onPage: (payments: PaymentSummary[]) => void },
): Promise<void> {
  let cursor: string | undefined;
  do {
    if (signal.aborted) throw new ExportCancelledError();
    const page = await listPayments(filters, { cursor, limit: PAYMENT_PAGE_MAX });
    if (signal.aborted) throw new ExportCancelledError();
    onPage(page.payments);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
