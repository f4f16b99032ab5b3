import { publicLinkIdSchema } from '@shared/contracts/payment-links';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { linkNotFound, publicPaymentLink } from '../domain/payment-links';
import { httpHandler } from './http-handler';

/**
 * Browsers and CDNs may keep the answer for a minute: a payer reopening the page is instant, and a link
 * deactivated in that minute is still refused at checkout, which reads the link afresh.
 */
const CACHE_FOR_A_MINUTE = { 'cache-control': 'public, max-age=60' };

export const handler = httpHandler(async (event) => {
  const linkId = publicLinkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  return { body: await publicPaymentLink(linkId.data, paymentLinkDeps()), headers: CACHE_FOR_A_MINUTE };
});
