/**
 * POST /api/me/requests: "Send to a customer" — one email, one payer, a Pay button that carries the request
 * (docs/decisions.md #79), at most 50 a merchant's day (10 on the trial, #174), never to an address that opted out (#175).
 */
import { sendPaymentRequestSchema } from '@shared/contracts/payment-requests';
import { paymentRequestDeps } from '../adapters/payment-request-deps';
import { sendPaymentRequest } from '../domain/payment-requests';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const input = sendPaymentRequestSchema.parse(jsonBody(event));
  return { status: 201, body: await sendPaymentRequest(merchantIdOf(event), input, paymentRequestDeps()) };
});
