/**
 * POST /api/me/requests: "Send to a customer" — one email, one payer, a Pay button that carries the request
 * (docs/decisions.md #79), at most 50 a merchant's day (10 on the trial, #174), never to an address that opted out (#175).
 */
import { sendPaymentRequestSchema } from '@shared/contracts/payment-requests';
import { activityDeps } from '../adapters/activity-deps';
import { paymentRequestDeps } from '../adapters/payment-request-deps';
import { recordActivity } from '../domain/activity';
import { sendPaymentRequest } from '../domain/payment-requests';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const input = sendPaymentRequestSchema.parse(jsonBody(event));
  const request = await sendPaymentRequest(merchantIdOf(event), input, paymentRequestDeps());
  await recordActivity(activityDeps(), accessOf(event), {
    kind: 'request.sent',
    subject: request.title,
    amountCents: request.amountCents,
    detail: request.reminderDays === null ? null : String(request.reminderDays),
  });
  return { status: 201, body: request };
});
