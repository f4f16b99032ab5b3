/**
 * The consumer wallet demo's one function, for its two routes (as the Stripe webhook function serves its
 * two): a demo does not need a Lambda, role, log group and alarms per route.
 */
import type { HttpEvent } from './http-handler';
import { handler as unlock } from './consumer-unlock';
import { handler as wallet } from './consumer-wallet';

export const UNLOCK_ROUTE = 'POST /api/consumer/unlock';
export const WALLET_ROUTE = 'GET /api/consumer/wallet';

export const handler = (event: HttpEvent) => (event.routeKey === UNLOCK_ROUTE ? unlock(event) : wallet(event));
