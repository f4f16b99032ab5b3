/**
 * The merchant's payment links as more than one feature needs them: the Payment Links screen, the print
 * materials and the dashboard's one-click templates all list or create links through these.
 */
import {
  paymentLinkListSchema,
  paymentLinkSchema,
  type CreatePaymentLinkInput,
  type PaymentLink,
} from '@shared/contracts/payment-links';
import { authenticatedApiGet, authenticatedApiSend } from './api-client';
import { MERCHANT_READ_PATHS } from './merchant-read-paths';

/** Every screen that lists the merchant's links (Manage, the QR selector, print materials, the dashboard) shares it. */
export const paymentLinksQueryKey = ['payment-links'] as const;

/** GET /api/me/links — the merchant's links, newest first. */
export async function listPaymentLinks(): Promise<PaymentLink[]> {
  return (await authenticatedApiGet(MERCHANT_READ_PATHS.links, paymentLinkListSchema)).links;
}

/** POST /api/me/links — answers the new link (active). */
export function createPaymentLink(input: CreatePaymentLinkInput): Promise<PaymentLink> {
  return authenticatedApiSend('POST', '/api/me/links', input, paymentLinkSchema);
}
