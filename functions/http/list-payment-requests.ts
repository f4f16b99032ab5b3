/** GET /api/me/requests: the merchant's payment requests, newest first (docs/decisions.md #79). */
import { paymentRequestStore } from '../adapters/payment-request-store';
import { listPaymentRequests } from '../domain/payment-requests';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await listPaymentRequests(merchantIdOf(event), paymentRequestStore),
}));
