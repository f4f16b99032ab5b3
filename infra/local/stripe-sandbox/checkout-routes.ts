/** `/v1/checkout/sessions`: creating, reading and expiring Checkout Sessions. */
import type { ApiRequest, ApiRoute } from './api-route';
import { retrieve } from './billing';
import { createCheckoutSession, expireSession, refreshExpiry, type CheckoutSession } from './checkout';
import type { SandboxContext } from './sandbox-context';

export function checkoutRoutes(context: SandboxContext): ApiRoute[] {
  const sessionOf = (request: ApiRequest) =>
    refreshExpiry(
      context,
      retrieve<CheckoutSession>(context, 'checkout.session', request.match[1]!, request.account),
      request.account,
    );
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: ({ params, account }) => createCheckoutSession(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: sessionOf },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle: (request) => expireSession(context, sessionOf(request), request.account),
    },
  ];
}
