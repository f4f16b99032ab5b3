import { linkIdSchema, updatePaymentLinkSchema } from '@shared/contracts/payment-links';
import { openCheckoutsDeps } from '../adapters/open-checkouts-deps';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { linkNotFound, setPaymentLinkActive } from '../domain/payment-links';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const { isActive } = updatePaymentLinkSchema.parse(jsonBody(event));
  const deps = { ...paymentLinkDeps(), openCheckouts: openCheckoutsDeps() };
  return { body: await setPaymentLinkActive(merchantId, linkId.data, isActive, deps) };
});
