import { linkIdSchema, updatePaymentLinkSchema } from '../../shared/contracts/payment-links';
import { merchantStore } from '../adapters/merchant-store';
import { paymentLinkStore } from '../adapters/payment-link-store';
import { linkNotFound, setPaymentLinkActive } from '../domain/payment-links';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const { isActive } = updatePaymentLinkSchema.parse(jsonBody(event));
  const deps = { links: paymentLinkStore, merchants: merchantStore, now: new Date() };
  return { body: await setPaymentLinkActive(merchantId, linkId.data, isActive, deps) };
});
