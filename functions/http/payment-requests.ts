/**
 * The Requests routes, in one function (docs/decisions.md #79): send, list and cancel read and write the
 * same two tables, and one function instead of three keeps the stack's resource count down (CloudFormation
 * allows 500 per stack, and every function brings its role, policy, log group and integration).
 */
import { requestIdSchema, sendPaymentRequestSchema } from '@shared/contracts/payment-requests';
import { openCheckoutsDeps } from '../adapters/open-checkouts-deps';
import { paymentRequestDeps } from '../adapters/payment-request-deps';
import { HttpError } from '../domain/http-error';
import {
  cancelPaymentRequest,
  listPaymentRequests,
  REQUEST_NOT_FOUND_MESSAGE,
  sendPaymentRequest,
} from '../domain/payment-requests';
import { httpHandler, jsonBody, merchantIdOf, type HttpEvent, type HttpResult } from './http-handler';

export const PAYMENT_REQUEST_ROUTES = {
  list: 'GET /api/me/requests',
  send: 'POST /api/me/requests',
  cancel: 'POST /api/me/requests/{id}/cancel',
} as const;

async function route(event: HttpEvent): Promise<HttpResult> {
  const merchantId = merchantIdOf(event);
  const deps = paymentRequestDeps();
  switch (event.routeKey) {
    case PAYMENT_REQUEST_ROUTES.list:
      return { body: await listPaymentRequests(merchantId, deps.requests) };
    case PAYMENT_REQUEST_ROUTES.send: {
      const input = sendPaymentRequestSchema.parse(jsonBody(event));
      return { status: 201, body: await sendPaymentRequest(merchantId, input, deps) };
    }
    case PAYMENT_REQUEST_ROUTES.cancel: {
      const requestId = requestIdSchema.safeParse(event.pathParameters?.id);
      if (!requestId.success) throw new HttpError(404, 'request_not_found', REQUEST_NOT_FOUND_MESSAGE);
      // A cancelled one-off's open Checkout is expired with Stripe (docs/decisions.md #105); Stripe's client
      // is made only when there is one to expire.
      return {
        body: await cancelPaymentRequest(merchantId, requestId.data, { ...deps, openCheckouts: openCheckoutsDeps() }),
      };
    }
    default:
      throw new HttpError(404, 'not_found', 'Not found');
  }
}

export const handler = httpHandler(route);
