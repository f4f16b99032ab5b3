/**
 * The anonymous payer's pages: the payment page and the two pages Stripe sends the payer back
 * to. main.tsx serves them from a small app of their own (app/payer-app.tsx), so a payer who scans a QR
 * code on a phone downloads React and the page, and none of the merchant dashboard.
 */
import { normaliseLinkId } from '@shared/payer-link-params';

export type PayerRoute =
  | { page: 'payment'; linkId: string }
  | { page: 'success'; sessionId: string }
  | { page: 'canceled'; paymentId: string };

/** The payer page at `location`, or null for every other page of the site. */
export function matchPayerRoute(location: { pathname: string; search: string }): PayerRoute | null {
  const { pathname } = location;
  const query = new URLSearchParams(location.search);
  const linkPage = /^\/p\/([^/]+)\/?$/.exec(pathname);
  if (linkPage) return { page: 'payment', linkId: normaliseLinkId(linkPage[1]!) };
  if (/^\/payment-success\/?$/.test(pathname)) return { page: 'success', sessionId: query.get('session_id') ?? '' };
  if (/^\/payment-canceled\/?$/.test(pathname)) return { page: 'canceled', paymentId: query.get('payment_id') ?? '' };
  return null;
}
