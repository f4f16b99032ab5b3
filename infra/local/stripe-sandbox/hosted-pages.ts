/**
 * The pages Stripe would host, found by their path: Checkout (payer), Connect onboarding and the billing
 * portal (merchant), a charge's receipt, and the stand-in for a payment in the merchant's Stripe dashboard.
 */
import type http from 'node:http';
import { handleCheckoutPage } from './checkout-page';
import { handleDashboardPaymentPage } from './dashboard-payment-page';
import { messagePage, type HostedPageRequest } from './hosted-page-layout';
import { sendHtml } from './http-responses';
import { handleOnboardingPage } from './onboarding-page';
import { handlePortalPage } from './portal-page';
import { handleReceiptPage } from './receipt-page';
import type { SandboxContext } from './sandbox-context';

type PageHandler = (context: SandboxContext, request: HostedPageRequest, response: http.ServerResponse) => void;

const PAGES: Record<string, PageHandler> = {
  checkout: handleCheckoutPage,
  'connect/onboard': handleOnboardingPage,
  portal: handlePortalPage,
  'dashboard/payments': handleDashboardPaymentPage,
  receipts: handleReceiptPage,
};

const HOSTED_PATH = /^\/(checkout|connect\/onboard|portal|dashboard\/payments|receipts)\/([^/]+)$/;

export function handleHostedPage(
  context: SandboxContext,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  url: URL,
  body: string,
) {
  const hosted = HOSTED_PATH.exec(url.pathname);
  if (!hosted) return sendHtml(response, 404, messagePage('Not found', 'The Stripe sandbox has no page here.'));
  PAGES[hosted[1]!]!(context, { method: request.method ?? 'GET', id: hosted[2]!, body }, response);
}
