/**
 * The public API calls of the payer's pages, with `fetch` and a light answer check (answer-shape.ts)
 * instead of lib/api-client's zod parsing, so a payer on a phone downloads no validation library. Failures
 * are ApiRequestErrors, as everywhere else in the SPA. Types come from the shared contracts (erased at build).
 */
import type { z } from 'zod';
import type {
  CancelResult,
  CheckoutRequest,
  CheckoutResponse,
  PaymentResult,
  receiptResponseSchema,
} from '@shared/contracts/checkout';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { ApiRequestError } from '@web/lib/api-request-error';
import { matchesShape, type AnswerShape } from './answer-shape';

type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

export const publicLinkShape: AnswerShape<PublicPaymentLink> = {
  linkId: 'string',
  title: 'string',
  description: 'string|null',
  amountCents: 'number|null',
  isOpenAmount: 'boolean',
  tipPercent: 'number|null',
  /** The link's tip presets (docs/decisions.md #205); null on a link made before them. */
  tipPresets: 'object|null',
  currency: 'string',
  /** A recurring link's schedule (docs/decisions.md #154); null for a one-off link. */
  repeat: 'object|null',
  businessName: 'string|null',
  acceptingPayments: 'boolean',
  expired: 'boolean',
  expiredMessage: 'string|null',
  soldOut: 'boolean',
  placesHeld: 'boolean',
};

const checkoutShape: AnswerShape<CheckoutResponse> = { url: 'string', paymentId: 'string' };

const paymentResultShape: AnswerShape<PaymentResult> = {
  sessionId: 'string',
  payment_id: 'string',
  verified: 'boolean',
  payment_status: 'string',
  status: 'string',
  amount_total: 'number',
  tip_amount: 'number',
  currency: 'string',
  customer_email: 'string|null',
  customer_name: 'string|null',
  link_title: 'string',
  business_name: 'string|null',
  business_website: 'string|null',
  last_error: 'string|null',
  thank_you_message: 'string|null',
  receipt_path: 'string|null',
};

const cancelResultShape: AnswerShape<CancelResult> = {
  paymentId: 'string',
  status: 'string',
  linkId: 'string',
  businessWebsite: 'string|null',
};

const receiptShape: AnswerShape<ReceiptResponse> = { sent: 'boolean', email: 'string' };

const errorShape: AnswerShape<{ code: string; message: string }> = { code: 'string', message: 'string' };

/** Failures that carry no words from the server: the pages say what happened in their own. */
const NO_SERVER_MESSAGE = new Set(['network_error', 'http_error', 'invalid_response']);

/** The server's own message for a failed call, or null when it sent none (no answer, or not Paylink's). */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiRequestError && !NO_SERVER_MESSAGE.has(error.code) ? error.message : null;
}

/** GET /api/links/{id}: the link as the payment page shows it (404 link_not_found when unknown or inactive). */
export function getPublicLink(linkId: string): Promise<PublicPaymentLink> {
  return callApi('GET', `/api/links/${encodeURIComponent(linkId)}`, publicLinkShape);
}

/** POST /api/checkout: the Stripe Checkout page to send the payer to. */
export function createCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  return callApi('POST', '/api/checkout', checkoutShape, request);
}

/** GET /api/checkout/{sessionId}: the server verifies the session with Stripe and settles the payment. */
export function getPaymentResult(sessionId: string): Promise<PaymentResult> {
  return callApi('GET', `/api/checkout/${encodeURIComponent(sessionId)}`, paymentResultShape);
}

/** POST /api/payments/{paymentId}/cancel: cancels a still-pending payment; says `succeeded` if it was paid. */
export function cancelPayment(paymentId: string): Promise<CancelResult> {
  return callApi('POST', `/api/payments/${encodeURIComponent(paymentId)}/cancel`, cancelResultShape);
}

/** POST /api/checkout/{sessionId}/receipt: emails the receipt to the address the payer paid with. */
export function sendReceipt(sessionId: string): Promise<ReceiptResponse> {
  return callApi('POST', `/api/checkout/${encodeURIComponent(sessionId)}/receipt`, receiptShape, {});
}

async function callApi<T>(method: 'GET' | 'POST', path: string, shape: AnswerShape<T>, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, 'network_error', `No answer to ${method} ${path}`);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (matchesShape(payload, errorShape)) throw new ApiRequestError(response.status, payload.code, payload.message);
    throw new ApiRequestError(response.status, 'http_error', `${method} ${path} answered ${response.status}`);
  }
  if (!matchesShape(payload, shape)) {
    console.error(`Response of ${method} ${path} broke its contract`, payload);
    throw new ApiRequestError(response.status, 'invalid_response', `${method} ${path} broke its contract`);
  }
  return payload;
}
