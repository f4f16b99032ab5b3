/** What paying a Checkout Session creates, read back: PaymentIntents, Charges, balance transactions, Paylink's fees. */
import type { ApiRequest, ApiRoute } from './api-route';
import { retrieve } from './billing';
import type { SandboxContext } from './sandbox-context';

export function paymentRoutes(context: SandboxContext): ApiRoute[] {
  const retrieveKind = (kind: string) => (request: ApiRequest) =>
    retrieve(context, kind, request.match[1]!, request.account);
  return [
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: retrieveKind('payment_intent') },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handle: retrieveKind('charge') },
    { method: 'GET', pattern: /^\/v1\/balance_transactions\/([^/]+)$/, handle: retrieveKind('balance_transaction') },
    { method: 'GET', pattern: /^\/v1\/application_fees\/([^/]+)$/, handle: retrieveKind('application_fee') },
  ];
}
