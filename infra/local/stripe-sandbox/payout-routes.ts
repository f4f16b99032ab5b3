/** `/v1/payouts` and `/v1/balance_transactions` on a connected account (the daily run and its test control: payouts.ts). */
import type { ApiRoute } from './api-route';
import { listBalanceTransactions, listPayouts, retrievePayout } from './payouts';
import type { SandboxContext } from './sandbox-context';

export function payoutRoutes(context: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/payouts$/,
      handle: ({ params, account }) => listPayouts(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payouts\/([^/]+)$/,
      handle: ({ match, account }) => retrievePayout(context, match[1]!, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/balance_transactions$/,
      handle: ({ params, account }) => listBalanceTransactions(context, params, account),
    },
  ];
}
