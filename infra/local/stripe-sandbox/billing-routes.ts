/** Stripe Billing: customers, prices, subscriptions, invoices and their payments, and portal sessions. */
import type { ApiRequest, ApiRoute } from './api-route';
import {
  cancelFromParams,
  createCustomerFromParams,
  createPortalConfiguration,
  createPortalSession,
  createPrice,
  listInvoices,
  listPortalConfigurations,
  listSubscriptions,
  retrieve,
  updateSubscription,
  type Subscription,
} from './billing';
import type { SandboxContext } from './sandbox-context';
import { listInvoicePayments } from './subscription-invoices';

export function billingRoutes(context: SandboxContext): ApiRoute[] {
  const subscriptionOf = (request: ApiRequest) =>
    retrieve<Subscription>(context, 'subscription', request.match[1]!, request.account);
  const retrieveKind = (kind: string) => (request: ApiRequest) =>
    retrieve(context, kind, request.match[1]!, request.account);
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: ({ params, account }) => createCustomerFromParams(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: retrieveKind('customer') },
    {
      method: 'POST',
      pattern: /^\/v1\/prices$/,
      handle: ({ params, account }) => {
        // `POST /v1/prices` takes the same fields as Checkout's inline price_data, at the top level.
        return createPrice(context, { price: params }, 'price', account);
      },
    },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, handle: retrieveKind('price') },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: ({ params, account }) => createPortalSession(context, params, account),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/configurations$/,
      handle: ({ params, account }) => createPortalConfiguration(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/billing_portal\/configurations$/,
      handle: ({ params, account }) => listPortalConfigurations(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/billing_portal\/configurations\/([^/]+)$/,
      handle: retrieveKind('billing_portal.configuration'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions$/,
      handle: ({ params, account }) => listSubscriptions(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: subscriptionOf },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (request) => updateSubscription(context, subscriptionOf(request), request.params, request.account),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (request) => cancelFromParams(context, subscriptionOf(request), request.params, request.account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      handle: ({ params, account }) => listInvoices(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, handle: retrieveKind('invoice') },
    {
      // `GET /v1/invoice_payments?invoice=in_…`: how an invoice was paid (its PaymentIntent).
      method: 'GET',
      pattern: /^\/v1\/invoice_payments$/,
      handle: ({ params, account }) => listInvoicePayments(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/invoice_payments\/([^/]+)$/, handle: retrieveKind('invoice_payment') },
  ];
}
