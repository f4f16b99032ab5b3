import { createPaymentLinkSchema } from '@shared/contracts/payment-links';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { createPaymentLink } from '../domain/payment-links';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const input = createPaymentLinkSchema.parse(jsonBody(event));
  return { status: 201, body: await createPaymentLink(merchantId, input, paymentLinkDeps()) };
});
