/** `/v1/disputes`: listing, reading and accepting disputes (opening one is a test control). */
import type { ApiRoute } from './api-route';
import { acceptDispute, listDisputes, retrieveDispute } from './disputes';
import type { SandboxContext } from './sandbox-context';

export function disputeRoutes(context: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/disputes$/,
      handle: ({ params, account }) => listDisputes(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/disputes\/([^/]+)$/,
      handle: ({ match, account }) => retrieveDispute(context, match[1]!, account),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/disputes\/([^/]+)\/close$/,
      handle: ({ match, account }) => acceptDispute(context, match[1]!, account),
    },
  ];
}
