/**
 * What paying a Checkout Session creates, read back: PaymentIntents, Charges, balance transactions, Paylink's
 * fees; and the intents' and charges' fields an app may change later (payment-updates.ts).
 */
import type { ApiRequest, ApiRoute } from './api-route';
import { retrieve } from './billing';
import { updateCharge, updatePaymentIntent } from './payment-updates';
import type { SandboxContext } from './sandbox-context';

export function paymentRoutes(context: SandboxContext): ApiRoute[] {
  const retrieveKind = (kind: string) => (request: ApiRequest) =>
    retrieve(context, kind, request.match[1]!, request.account);
  return [
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: retrieveKind('payment_intent') },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: ({ match, params, account }) => updatePaymentIntent(context, match[1]!, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handle: retrieveKind('charge') },
    {
      method: 'POST',
      pattern: /^\/v1\/charges\/([^/]+)$/,
      handle: ({ match, params, account }) => updateCharge(context, match[1]!, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/balance_transactions\/([^/]+)$/, handle: retrieveKind('balance_transaction') },
    { method: 'GET', pattern: /^\/v1\/application_fees\/([^/]+)$/, handle: retrieveKind('application_fee') },
  ];
}
