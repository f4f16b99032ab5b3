/** `/v1/accounts` and `/v1/account_links`: Connect accounts and the links to their hosted onboarding. */
import type { ApiRoute } from './api-route';
import { createAccount, createAccountLink, retrieveAccount } from './connect-accounts';
import type { SandboxContext } from './sandbox-context';

export function accountRoutes(context: SandboxContext): ApiRoute[] {
  return [
    { method: 'POST', pattern: /^\/v1\/accounts$/, handle: ({ params }) => createAccount(context, params) },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handle: ({ match }) => retrieveAccount(context, match[1]!) },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handle: ({ params }) => createAccountLink(context, params) },
  ];
}
