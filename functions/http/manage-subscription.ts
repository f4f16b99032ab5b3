/**
 * GET /api/subscriptions/manage/{token}?k=…: the link in every receipt of a recurring payment
 * (docs/decisions.md #157). Sends the payer to a fresh Stripe billing portal session for their subscription;
 * anything that does not open one is a plain page in the payer's words.
 */
import { billingPortalDeps } from '../adapters/recurring-deps';
import { log, observed } from '../adapters/observability';
import { billingPortalUrlFor, MANAGE_NOT_FOUND_MESSAGE } from '../domain/subscription-manage';
import type { HttpEvent } from './http-handler';

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

export const handler = observed(async (event: HttpEvent) => {
  try {
    const url = await billingPortalUrlFor(
      event.pathParameters?.token,
      event.queryStringParameters?.k,
      await billingPortalDeps(),
    );
    if (!url) return { statusCode: 404, headers: TEXT, body: MANAGE_NOT_FOUND_MESSAGE };
    // A portal session is the payer's for a few minutes: never cached, anywhere.
    return { statusCode: 303, headers: { location: url, 'cache-control': 'no-store' }, body: '' };
  } catch (error) {
    log.error('Billing portal failed', { error: error instanceof Error ? error : String(error) });
    return { statusCode: 502, headers: TEXT, body: 'We could not open your payment settings. Please try again.' };
  }
});
