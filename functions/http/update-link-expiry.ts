import { linkIdSchema, updateLinkExpirySchema } from '@shared/contracts/payment-links';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { linkNotFound, setPaymentLinkExpiry } from '../domain/payment-links';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const input = updateLinkExpirySchema.parse(jsonBody(event));
  return {
    body: await setPaymentLinkExpiry(merchantId, linkId.data, input, paymentLinkDeps()),
  };
});
