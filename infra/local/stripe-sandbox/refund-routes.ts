/** `/v1/refunds` and a charge's refunds list. */
import type { ApiRoute } from './api-route';
import { retrieve } from './billing';
import { listPage } from './list-page';
import { createRefund, listRefunds, refundsOfCharge, retrieveRefund, updateRefund } from './refunds';
import type { SandboxContext } from './sandbox-context';

export function refundRoutes(context: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)\/refunds$/,
      handle: ({ match, params, account }) => {
        const chargeId = match[1]!;
        retrieve(context, 'charge', chargeId, account);
        return listPage(refundsOfCharge(context, chargeId, account), params, `/v1/charges/${chargeId}/refunds`);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: ({ params, account }) => createRefund(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      handle: ({ params, account }) => listRefunds(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle: ({ match, account }) => retrieveRefund(context, match[1]!, account),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle: ({ match, params, account }) => updateRefund(context, match[1]!, params, account),
    },
  ];
}
